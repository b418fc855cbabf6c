import { t as Mt } from "./styled--U6fbGZ2.js";
import { n as PrimaryButton, o as up, r as Stack, t as Heading } from "../prerender.js";
import { Link } from "react-router-dom";
import { jsx, jsxs } from "react/jsx-runtime";
// src/public-pages/not-found-page.tsx
/**
* Spaced as the funnel's screens are (their frame's padding and card): off the screen's edges on a phone, and with
* padding rather than margins, which would add to the page's full height and make it scroll for nothing.
*/
var Page = Mt.div`
  padding: 12px 16px 40px;
  ${up("sm")} { padding: 32px 24px 64px; }
`;
var Card = Mt.section`
  max-width: 560px;
  margin: 0 auto;
  padding: 24px 20px 28px;
  text-align: center;
  border-radius: 24px;
  background: ${({ theme }) => theme.colors.surfaceSolid};
  box-shadow: 0 20px 50px ${({ theme }) => theme.colors.shadow};
  ${up("sm")} { padding: 32px 32px 36px; }
  p { margin: 0; }
`;
function NotFoundPage() {
	return /* @__PURE__ */ jsx(Page, { children: /* @__PURE__ */ jsx(Card, {
		"aria-labelledby": "not-found-title",
		children: /* @__PURE__ */ jsxs(Stack, {
			$gap: 16,
			children: [
				/* @__PURE__ */ jsx(Heading, {
					id: "not-found-title",
					children: "Page not found"
				}),
				/* @__PURE__ */ jsx("p", { children: "This page isn't among the stars. It may have moved, or the link may be mistyped." }),
				/* @__PURE__ */ jsx(PrimaryButton, {
					as: Link,
					to: "/",
					children: "Go to the start"
				})
			]
		})
	}) });
}
export { NotFoundPage };
