import { a as zt, i as jt, n as St, r as Zt, t as Mt } from "./assets/styled--U6fbGZ2.js";
import { renderToString } from "react-dom/server";
import { Link, Route, Routes, StaticRouter, useLocation } from "react-router-dom";
import { Suspense, createContext, lazy, memo, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { jsx, jsxs } from "react/jsx-runtime";
// src/ui/theme.ts
/** The brand's colours and the layout breakpoints: fixed values, pinned by tests/spec/spec-fidelity.test.ts. */
var brand = {
	purple: "#9d75eb",
	text: "#3c2f6b"
};
var breakpoints = {
	xs: 0,
	sm: 600,
	md: 900,
	lg: 1280,
	xl: 1440
};
/** Media query for a width at or above a breakpoint. */
var up = (name) => `@media (min-width: ${breakpoints[name]}px)`;
/**
* Hover styles go under this query only: on a touch screen a tap leaves :hover on the element under the finger,
* so the option at that place on the next screen would look chosen.
*/
var canHover = "@media (hover: hover)";
var palettes = {
	light: {
		page: "#f4effd",
		text: brand.text,
		muted: "#5d5284",
		brand: brand.purple,
		brandStrong: "#6c45c9",
		onBrand: "#ffffff",
		primary: "#6c45c9",
		primaryHover: "#5b36b6",
		onPrimary: "#ffffff",
		surface: "rgba(255, 255, 255, 0.82)",
		surfaceSolid: "#ffffff",
		border: "rgba(60, 47, 107, 0.18)",
		controlBorder: "#8a7eb3",
		tint: "rgba(157, 117, 235, 0.14)",
		error: "#b3261e",
		focus: "#3c2f6b",
		backdrop: "rgba(28, 20, 56, 0.45)",
		artOverlay: "rgba(18, 12, 38, 0)",
		shadow: "rgba(40, 26, 92, 0.18)"
	},
	dark: {
		page: "#120c26",
		text: "#f1ecff",
		muted: "#c9bfe8",
		brand: brand.purple,
		brandStrong: "#c2a8ff",
		onBrand: "#1b1235",
		primary: "#6c45c9",
		primaryHover: "#7b55d6",
		onPrimary: "#ffffff",
		surface: "rgba(27, 20, 54, 0.88)",
		surfaceSolid: "#1b1436",
		border: "rgba(241, 236, 255, 0.2)",
		controlBorder: "#8a7fb8",
		tint: "rgba(194, 168, 255, 0.16)",
		error: "#ffb4ab",
		focus: "#f1ecff",
		backdrop: "rgba(0, 0, 0, 0.6)",
		artOverlay: "rgba(20, 10, 52, 0.8)",
		shadow: "rgba(0, 0, 0, 0.45)"
	}
};
/** The CSS custom property that holds a colour role: --color-brand-strong for brandStrong. */
function cssVarName(token) {
	return `--color-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
function isColorToken(key) {
	return key in palettes.light;
}
/** Every colour role, in the palette's order. */
var colorTokens = Object.keys(palettes.light).filter(isColorToken);
/** The declarations that give every colour role its value in a scheme (for :root, see global-style.ts). */
function paletteDeclarations(scheme) {
	return colorTokens.map((token) => `${cssVarName(token)}: ${palettes[scheme][token]};`).join("\n");
}
/** A colour role as a CSS value: var(--color-…). */
function cssVar(token) {
	return `var(${cssVarName(token)})`;
}
/**
* The one theme object the components read. Its colours are CSS variables, not values: a component's CSS (and so
* its class name) is the same in light and dark, so the prerendered landing hydrates without a mismatch, and the
* scheme applies from the first paint, before any script has run.
*/
var theme = { colors: {
	page: cssVar("page"),
	text: cssVar("text"),
	muted: cssVar("muted"),
	brand: cssVar("brand"),
	brandStrong: cssVar("brandStrong"),
	onBrand: cssVar("onBrand"),
	primary: cssVar("primary"),
	primaryHover: cssVar("primaryHover"),
	onPrimary: cssVar("onPrimary"),
	surface: cssVar("surface"),
	surfaceSolid: cssVar("surfaceSolid"),
	border: cssVar("border"),
	controlBorder: cssVar("controlBorder"),
	tint: cssVar("tint"),
	error: cssVar("error"),
	focus: cssVar("focus"),
	backdrop: cssVar("backdrop"),
	artOverlay: cssVar("artOverlay"),
	shadow: cssVar("shadow")
} };
// src/ui/global-style.ts
/**
* The colour roles as CSS variables on :root. The device's scheme applies from the first paint (the prerendered
* landing included); a choice made in the menu is data-theme on <html> (src/app/shell/theme-mode.tsx), which
* wins over the device either way.
*/
var GlobalStyle = zt`
  :root {
    color-scheme: light;
    ${paletteDeclarations("light")}
  }
  @media (prefers-color-scheme: dark) {
    :root:not([data-theme='light']) {
      color-scheme: dark;
      ${paletteDeclarations("dark")}
    }
  }
  :root[data-theme='dark'] {
    color-scheme: dark;
    ${paletteDeclarations("dark")}
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    font-size: 16px;
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.page};
  }
  /* Balanced lines: no heading ends on a lone word on a phone. */
  h1, h2, h3 { line-height: 1.25; margin: 0; text-wrap: balance; }
  /* A placeholder reads as a hint in both schemes (the browsers' own grey is faint on the dark fields). */
  ::placeholder { color: ${({ theme }) => theme.colors.muted}; opacity: 0.85; }
  button, input, select { font: inherit; color: inherit; }
  a { color: ${({ theme }) => theme.colors.brandStrong}; }
  /*
   * Check boxes and radios drawn in the brand's style, the same in every browser and readable in both schemes (the
   * browsers' own are blue, or grey on grey in dark). :where() keeps these defaults at no specificity: a component
   * (the menu's switches) restyles them with a plain class.
   */
  :where(input[type='checkbox'], input[type='radio']) {
    appearance: none;
    flex: none;
    display: inline-grid;
    place-content: center;
    width: 22px;
    height: 22px;
    margin: 0;
    vertical-align: middle;
    border: 2px solid ${({ theme }) => theme.colors.controlBorder};
    background: ${({ theme }) => theme.colors.surfaceSolid};
    cursor: pointer;
  }
  :where(input[type='checkbox']) { border-radius: 6px; }
  :where(input[type='radio']) { border-radius: 50%; }
  :where(input[type='checkbox'], input[type='radio'])::before { content: ''; transition: transform 120ms ease; }
  :where(input[type='checkbox'])::before {
    width: 6px;
    height: 11px;
    margin-top: -2px;
    border: solid ${({ theme }) => theme.colors.onBrand};
    border-width: 0 2.5px 2.5px 0;
    transform: rotate(45deg) scale(0);
  }
  :where(input[type='checkbox']):checked {
    background: ${({ theme }) => theme.colors.brandStrong};
    border-color: ${({ theme }) => theme.colors.brandStrong};
  }
  :where(input[type='checkbox']):checked::before { transform: rotate(45deg) scale(1); }
  :where(input[type='radio'])::before {
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.brandStrong};
    transform: scale(0);
  }
  :where(input[type='radio']):checked { border-color: ${({ theme }) => theme.colors.brandStrong}; }
  :where(input[type='radio']):checked::before { transform: scale(1); }
  :where(input[type='checkbox'], input[type='radio']):disabled { cursor: not-allowed; opacity: 0.55; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  /*
   * hidden hides, whatever display a component's rules give the element: elements kept in the page until they are
   * needed (a top bar, a back button, a badge) are hidden so, and their classes exist before the tap that shows them.
   */
  [hidden] { display: none !important; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  /*
   * No motion at all. Not a near-zero duration: transition-property's initial value is all, so that gave every
   * property of every element a transition, and a screen being hidden, or colours on a scheme switch, were caught
   * half-way for a frame or more (a screen left still visible under the next; light text on a dark card). And an
   * infinite pulse at 0.01 ms a cycle would flicker.
   */
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation: none !important; transition: none !important; }
  }
`;
// src/ui/when-idle.ts
/**
* Runs `task` once the browser is idle, at the latest after `timeoutMs` (at once, in a task of its own, where there
* is no requestIdleCallback). Answers a function that cancels it.
*/
function whenIdle(task, timeoutMs = 1e3) {
	if (typeof requestIdleCallback === "function") {
		const handle = requestIdleCallback(task, { timeout: timeoutMs });
		return () => cancelIdleCallback(handle);
	}
	const timer = setTimeout(task, 0);
	return () => clearTimeout(timer);
}
// src/app/shell/theme-mode.tsx
var storageKey = "astrelle:theme-mode";
var darkQuery = "(prefers-color-scheme: dark)";
function readMode() {
	try {
		const stored = window.localStorage.getItem(storageKey);
		return stored === "light" || stored === "dark" || stored === "system" ? stored : "system";
	} catch {
		return "system";
	}
}
var listeners = /* @__PURE__ */ new Set();
var modeSnapshot = null;
function subscribe(listener) {
	listeners.add(listener);
	const query = window.matchMedia?.(darkQuery);
	query?.addEventListener("change", listener);
	return () => {
		listeners.delete(listener);
		query?.removeEventListener("change", listener);
	};
}
function deviceScheme() {
	return window.matchMedia?.(darkQuery).matches ? "dark" : "light";
}
function clientSnapshot() {
	modeSnapshot ??= readMode();
	return `${modeSnapshot}:${deviceScheme()}`;
}
/** The scheme the page shows now: the menu's choice, else the device's. */
function currentScheme() {
	const mode = modeSnapshot ??= readMode();
	return mode === "system" ? deviceScheme() : mode;
}
var serverSnapshot = () => "system:light";
function setMode(next) {
	modeSnapshot = next;
	try {
		window.localStorage.setItem(storageKey, next);
	} catch {}
	listeners.forEach((l) => l());
}
var ThemeModeContext = createContext({
	mode: "system",
	setMode
});
var useThemeMode = () => useContext(ThemeModeContext);
/**
* Light, dark or system theme, kept in localStorage and applied to the whole app as data-theme on <html>, which
* picks the colour variables (src/ui/global-style.ts). The components' styles do not depend on the scheme, so
* nothing re-renders for it and the prerendered landing hydrates as it was painted.
*/
function ThemeModeProvider({ children }) {
	const snapshot = useSyncExternalStore(subscribe, clientSnapshot, serverSnapshot);
	const mode = snapshot.startsWith("light") ? "light" : snapshot.startsWith("dark") ? "dark" : "system";
	useEffect(() => {
		document.documentElement.dataset.theme = currentScheme();
	}, [snapshot]);
	const value = useMemo(() => ({
		mode,
		setMode
	}), [mode]);
	return /* @__PURE__ */ jsx(ThemeModeContext.Provider, {
		value,
		children: /* @__PURE__ */ jsx(St, {
			theme,
			children
		})
	});
}
// src/shared/early-tap.ts
/**
* The landing paints from prerendered HTML and its inline CSS alone, with no JavaScript running: the app's code loads
* only when it is needed (see the README's "Speed"). index.html carries this tiny script inline in <head>
* (vite.config.ts puts it there) and it runs before the page's first paint. It does three things:
* - it records a tap on the call to action, as an attribute of <html>, made before the funnel's code has arrived
*   (on a phone over a slow network, seconds); the funnel consumes it once it runs (src/app/landing-intent.ts), and
*   from then on taps are the funnel's own and the script ignores them;
* - it records the visitor's first input (a tap, a click, a key) as an attribute of <html>: what waits for one
*   (src/app/analytics/start-gate.ts) knows that it came before its own code did;
* - on the prerendered landing, whose <html> names the app's entry module (scripts/build.mjs writes
*   `data-app-entry`), it fetches that module and the ones it imports next, and imports it, on the first input or once
*   the page is idle after load (each preload in a task of its own: on a slow phone a dozen of them in one task made
*   a long one); elsewhere the entry is an ordinary module script of the page and the attribute is
*   absent.
*
* The script is plain text with no imports, because it is also read by the build (into the HTML) and by the
* server, which allows exactly this script through the Content-Security-Policy by its SHA-256 hash.
*/
/** Marks the landing's call to action (the welcome screen's button). */
var startCtaAttribute = "data-start-cta";
/** Set on <html> by a tap on the call to action made before the funnel ran. */
var startRequestedAttribute = "data-start-requested";
/** Set on <html> once the funnel runs: taps are then handled by the funnel itself. */
var funnelRunningAttribute = "data-funnel-running";
/** Marks a control of the prerendered shell (the menu button) whose tap before the shell is hydrated is replayed. */
var replayClickAttribute = "data-replay-click";
/** Set on <html> by a tap on such a control before the shell ran: the control's `data-replay-click` value. */
var earlyClickAttribute = "data-early-click";
/** Set on <html> once the shell (the header) is hydrated: its controls then handle their own taps. */
var shellRunningAttribute = "data-shell-running";
`${funnelRunningAttribute}${startCtaAttribute}${startRequestedAttribute}${replayClickAttribute}${shellRunningAttribute}${earlyClickAttribute}${replayClickAttribute}${JSON.stringify([
	"pointerdown",
	"keydown",
	"touchstart"
]).replace(/"/g, "'")}`;
// src/app/shell/header.tsx
var loadMenuDrawer = () => import("./assets/menu-drawer-CbVdH0De.js");
var MenuDrawer = lazy(() => loadMenuDrawer().then((m) => ({ default: m.MenuDrawer })));
var Bar = Mt.header`
  position: sticky;
  top: 0;
  z-index: 10;
  height: 64px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 16px;
  background: ${({ theme }) => theme.colors.surface};
  backdrop-filter: blur(12px);
  -webkit-backdrop-filter: blur(12px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
var Brand = Mt(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 20px;
  letter-spacing: 0.01em;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;
var MenuButton = Mt.button`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 12px;
  background: transparent;
  cursor: pointer;
  ${canHover} { &:hover { background: ${({ theme }) => theme.colors.tint}; } }
`;
/** The header: logo, product name and the menu drawer. */
function Header({ productName }) {
	const [open, setOpen] = useState(false);
	const [wanted, setWanted] = useState(false);
	const buttonRef = useRef(null);
	useEffect(() => {
		const root = document.documentElement;
		root.setAttribute(shellRunningAttribute, "");
		if (root.getAttribute("data-early-click") !== "menu") return;
		root.removeAttribute(earlyClickAttribute);
		buttonRef.current?.click();
	}, []);
	return /* @__PURE__ */ jsxs(Bar, { children: [
		/* @__PURE__ */ jsxs(Brand, {
			to: "/",
			"aria-label": `${productName} home`,
			children: [/* @__PURE__ */ jsx("img", {
				src: "/logo.svg",
				alt: "",
				width: "32",
				height: "32"
			}), /* @__PURE__ */ jsx("span", { children: productName })]
		}),
		/* @__PURE__ */ jsx(MenuButton, {
			ref: buttonRef,
			type: "button",
			"aria-label": "Menu",
			"aria-haspopup": "dialog",
			"aria-expanded": open,
			[replayClickAttribute]: "menu",
			onPointerEnter: () => void loadMenuDrawer(),
			onPointerDown: () => void loadMenuDrawer(),
			onFocus: () => void loadMenuDrawer(),
			onClick: () => {
				setWanted(true);
				setOpen(true);
			},
			children: /* @__PURE__ */ jsx("svg", {
				width: "24",
				height: "24",
				viewBox: "0 0 24 24",
				"aria-hidden": "true",
				children: /* @__PURE__ */ jsx("path", {
					d: "M4 7h16M4 12h16M4 17h16",
					stroke: "currentColor",
					strokeWidth: "2",
					strokeLinecap: "round"
				})
			})
		}),
		wanted ? /* @__PURE__ */ jsx(Suspense, {
			fallback: null,
			children: /* @__PURE__ */ jsx(MenuDrawer, {
				open,
				onClose: () => {
					setOpen(false);
					buttonRef.current?.focus();
				}
			})
		}) : null
	] });
}
// src/shared/page-flow.ts
var PAGE_FLOW_ELEMENT_ID = "astrelle-flow";
/** The landing a flow starts on, or null when its start screen is not a welcome screen. */
function landingOf(flow) {
	const screen = flow.screens.find((s) => s.id === flow.start);
	return screen?.kind === "welcome" ? {
		screen,
		group: flow.groups[screen.group]
	} : null;
}
function pageFlowOf(flow, flowUrl) {
	return {
		flowId: flow.id,
		version: flow.version,
		productName: flow.product.name,
		flowUrl,
		landing: landingOf(flow)
	};
}
/**
* The page's flow as an inline JSON element. `<` is escaped, so no text of the flow (a title with `<\/script>` in it)
* can end the element early: the element's text is data, never markup.
*/
function pageFlowElement(pageFlow) {
	return `<script type="application/json" id="${PAGE_FLOW_ELEMENT_ID}">${JSON.stringify(pageFlow).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")}<\/script>`;
}
Promise.resolve();
// src/app/app.tsx
var FunnelRoute = () => null;
var LandingFallback$1 = () => null;
var NotFoundPage = lazy(() => import("./assets/not-found-page-BdES32bd.js").then((m) => ({ default: m.NotFoundPage })));
var AddressBar = () => null;
var ConsentBannerSlot = () => null;
var publicPages = () => import("./assets/public-page-routes-7oIV29Vp.js");
var PrivacyPolicyPage = lazy(() => publicPages().then((m) => ({ default: m.PrivacyPolicyPage })));
var TermsOfUsePage = lazy(() => publicPages().then((m) => ({ default: m.TermsOfUsePage })));
var CookiePolicyPage = lazy(() => publicPages().then((m) => ({ default: m.CookiePolicyPage })));
var UnderstandingAstrologyPage = lazy(() => publicPages().then((m) => ({ default: m.UnderstandingAstrologyPage })));
var Main = Mt.main`
  min-height: calc(100dvh - 64px);
`;
/**
* On the prerendered landing the global style is in the page already: the prerender's style tag, whose rules
* styled-components takes over as it starts. Mounted while the page hydrates, createGlobalStyle parses and inserts it
* again inside React's commit, which cannot be split: a third of that task at 4x CPU, which then ran over 50 ms in
* some loads. There it mounts once the browser is idle after hydrating; until then its rules are the
* prerender's, the same. A page rendered in the browser has no such rules: there it mounts at once.
*/
function AfterHydration({ hydrating, children }) {
	const [ready, setReady] = useState(!hydrating);
	useEffect(() => ready ? void 0 : whenIdle(() => setReady(true)), [ready]);
	return ready ? children : null;
}
/**
* The app's page. `pageFlow` is the flow version the server served the page (its product name in the header, its
* landing); `prerenderedLanding` is the landing the prerender renders in the funnel's place.
*/
function App({ pageFlow, prerenderedLanding, hydrating = false }) {
	const landing = pageFlow?.landing ?? null;
	const Fallback = prerenderedLanding ?? LandingFallback$1;
	const funnel = prerenderedLanding ? /* @__PURE__ */ jsx(Fallback, { landing }) : /* @__PURE__ */ jsx(FunnelRoute, {});
	return /* @__PURE__ */ jsxs(ThemeModeProvider, { children: [
		/* @__PURE__ */ jsx(AfterHydration, {
			hydrating,
			children: /* @__PURE__ */ jsx(GlobalStyle, {})
		}),
		/* @__PURE__ */ jsx(Header, { productName: pageFlow?.productName ?? "" }),
		/* @__PURE__ */ jsxs(Main, {
			id: "main",
			children: [/* @__PURE__ */ jsx(Suspense, {
				fallback: null,
				children: /* @__PURE__ */ jsx(AddressBar, {})
			}), /* @__PURE__ */ jsx(Suspense, {
				fallback: null,
				children: /* @__PURE__ */ jsxs(Routes, { children: [
					/* @__PURE__ */ jsx(Route, {
						path: "/privacy-policy",
						element: /* @__PURE__ */ jsx(PrivacyPolicyPage, {})
					}),
					/* @__PURE__ */ jsx(Route, {
						path: "/terms-of-use",
						element: /* @__PURE__ */ jsx(TermsOfUsePage, {})
					}),
					/* @__PURE__ */ jsx(Route, {
						path: "/cookie-policy",
						element: /* @__PURE__ */ jsx(CookiePolicyPage, {})
					}),
					/* @__PURE__ */ jsx(Route, {
						path: "/understanding-astrology",
						element: /* @__PURE__ */ jsx(UnderstandingAstrologyPage, {})
					}),
					/* @__PURE__ */ jsx(Route, {
						path: "/404",
						element: /* @__PURE__ */ jsx(NotFoundPage, {})
					}),
					/* @__PURE__ */ jsx(Route, {
						path: "*",
						element: /* @__PURE__ */ jsx(Suspense, {
							fallback: /* @__PURE__ */ jsx(Fallback, { landing }),
							children: funnel
						})
					})
				] })
			})]
		}),
		/* @__PURE__ */ jsx(Suspense, {
			fallback: null,
			children: /* @__PURE__ */ jsx(ConsentBannerSlot, {})
		})
	] });
}
// src/ui/primitives.tsx
var Stack = Mt.div`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap = 16 }) => $gap}px;
`;
var buttonBase = jt`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 52px;
  padding: 12px 20px;
  border-radius: 14px;
  border: 0;
  font-weight: 600;
  font-size: 17px;
  cursor: pointer;
  text-decoration: none;
  transition: transform 120ms ease, background-color 120ms ease, box-shadow 120ms ease;
  &:active:not(:disabled) { transform: scale(0.98); }
  &:disabled { cursor: not-allowed; opacity: 0.55; }
`;
var PrimaryButton = Mt.button`
  ${buttonBase};
  width: 100%;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
  box-shadow: 0 8px 20px rgba(108, 69, 201, 0.3);
  ${canHover} { &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryHover}; } }
`;
Mt.button`
  ${buttonBase};
  width: 100%;
  color: ${({ theme }) => theme.colors.brandStrong};
  background: transparent;
  border: 2px solid ${({ theme }) => theme.colors.brandStrong};
  ${canHover} { &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.tint}; } }
`;
var Heading = Mt.h1`
  /* Focused by script on each new screen for screen readers; not a control, so no focus ring. */
  &:focus { outline: none; }
  font-size: 26px;
  font-weight: 700;
  ${up("sm")} { font-size: 30px; }
`;
var Subtitle = Mt.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 16px;
`;
var Eyebrow = Mt.p`
  margin: 0;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  font-size: 13px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandStrong};
`;
Mt.label`
  font-weight: 600;
  font-size: 15px;
`;
var inputStyles = jt`
  width: 100%;
  min-height: 52px;
  padding: 12px 14px;
  border-radius: 12px;
  border: 2px solid ${({ theme }) => theme.colors.controlBorder};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  font-size: 17px;
  /* The border turns brand on focus; the focus ring (global :focus-visible) stays, so focus never rests on colour alone. */
  &:focus { border-color: ${({ theme }) => theme.colors.brandStrong}; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.error}; }
`;
Mt.input`
  ${inputStyles};
`;
Mt.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-size: 15px;
  font-weight: 500;
`;
// src/screens/screen-shown.ts
/**
* Whether the screen is the one shown (true) or one kept in the page hidden: the screen a tap most likely leads to,
* rendered ahead, or the screen just left (src/app/funnel/funnel-view.tsx). A hidden screen is laid out but runs none
* of what belongs to a shown one: no focus move, no timers that move the funnel on, no animation.
*/
var ScreenShownContext = createContext(true);
var useScreenShown = () => useContext(ScreenShownContext);
// src/screens/use-focus-heading.ts
/**
* Moves focus to the screen's heading when the visitor moves to another screen, so keyboard and
* screen-reader users start at the new question instead of a button of the previous one. The
* first screen of a page load keeps the browser's own focus start (and a screen that is only
* re-mounted, such as the landing when the engine arrives, keeps it too). A screen kept hidden in the page (rendered
* ahead, or just left) does nothing until it is shown.
*/
var lastShown = null;
function useFocusHeading(screenKey) {
	const ref = useRef(null);
	const shown = useScreenShown();
	useEffect(() => {
		if (!shown) return;
		const moved = lastShown !== null && lastShown !== screenKey;
		lastShown = screenKey;
		if (moved) ref.current?.focus({ preventScroll: false });
	}, [screenKey, shown]);
	return ref;
}
// src/screens/screen-layout.tsx
/** The common frame of a screen: eyebrow, heading (focused on arrival), subtitle, content. */
function ScreenLayout(props) {
	const headingRef = useFocusHeading(props.screenId);
	return /* @__PURE__ */ jsxs(Stack, {
		$gap: 20,
		children: [/* @__PURE__ */ jsxs(Stack, {
			$gap: 8,
			children: [
				props.eyebrow ? /* @__PURE__ */ jsx(Eyebrow, { children: props.eyebrow }) : null,
				/* @__PURE__ */ jsx(Heading, {
					ref: headingRef,
					tabIndex: -1,
					id: props.titleId,
					children: props.title
				}),
				props.subtitle ? /* @__PURE__ */ jsx(Subtitle, { children: props.subtitle }) : null
			]
		}), props.children]
	});
}
// src/screens/welcome/welcome-screen.tsx
var Footnote = Mt.p`
  margin: 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;
function WelcomeScreen({ screen, send }) {
	return /* @__PURE__ */ jsx(ScreenLayout, {
		screenId: screen.id,
		eyebrow: screen.eyebrow,
		title: screen.title,
		children: /* @__PURE__ */ jsxs(Stack, {
			$gap: 20,
			children: [
				screen.subtitle ? /* @__PURE__ */ jsx(Subtitle, { children: screen.subtitle }) : null,
				/* @__PURE__ */ jsx(PrimaryButton, {
					type: "button",
					"data-start-cta": "",
					onClick: () => send({ type: "NEXT" }),
					children: screen.cta
				}),
				screen.footnote ? /* @__PURE__ */ jsx(Footnote, { children: screen.footnote }) : null,
				/* @__PURE__ */ jsxs(Footnote, { children: [
					/* @__PURE__ */ jsx(Link, {
						to: "/terms-of-use",
						children: "Terms of Use"
					}),
					" · ",
					/* @__PURE__ */ jsx(Link, {
						to: "/privacy-policy",
						children: "Privacy Policy"
					}),
					" ·",
					" ",
					/* @__PURE__ */ jsx(Link, {
						to: "/understanding-astrology",
						children: "Understanding astrology"
					})
				] })
			]
		})
	});
}
// src/shared/blurred-art.ts
/**
* Where the build puts the blurred copy of a group's art (a file under public/), or undefined for a group that does
* not blur: `/backgrounds/quiz.svg`, soft → `/backgrounds/quiz.svg.blur-soft.webp`.
*/
function blurredArtOf({ background, blur }) {
	return blur === "none" ? void 0 : `${background}.blur-${blur}.webp`;
}
// src/app/funnel/funnel-frame.tsx
var Backdrop = Mt.div`
  /* A stacking context of its own: the art below lies over the backdrop's colour and under everything else in it. */
  position: relative;
  isolation: isolate;
  min-height: calc(100dvh - 64px);
  padding: 12px 16px 40px;
  background-color: ${({ theme }) => theme.colors.page};
  ${up("sm")} { padding: 32px 24px 64px; }
`;
/** The art's image layer, and its blurred copy's on the card: covering the viewport, fixed to it. */
var coverViewport = jt`
  background-position: center;
  background-size: cover;
  background-repeat: no-repeat;
  background-attachment: fixed;
`;
/**
* The group's art (the element's style) under the scheme's overlay: none in light; in dark the pastel art becomes a
* night sky. It covers the backdrop's box, fixed to the viewport as before, and is a compositing layer of its own
* (will-change: opacity; a transform would tie the fixed art to the element's box instead): drawn once, not again
* under the card at every screen change. Painted with the backdrop, its soft vector gradients were half of a tap's
* raster time on this machine (measured: 20 → 10-12 ms a tap at 4x CPU; tests/tap-styles.spec.ts).
*/
var Art = Mt.div`
  position: absolute;
  inset: 0;
  z-index: -1;
  pointer-events: none;
  ${coverViewport}
  will-change: opacity;
`;
var CardBox = Mt.section`
  /* The side padding, which a screen kept hidden in the card takes too (screen-slot.tsx): it is laid out in the same width. */
  --card-pad-x: 20px;
  position: relative;
  max-width: 560px;
  margin: 0 auto;
  padding: 16px var(--card-pad-x) 28px;
  border-radius: 24px;
  background: ${({ theme }) => theme.colors.surface};
  ${coverViewport}
  box-shadow: 0 20px 50px ${({ theme }) => theme.colors.shadow};
  ${up("sm")} { --card-pad-x: 32px; padding: 24px var(--card-pad-x) 36px; }
`;
/**
* A path as a CSS url(), every character but a path's plain ones escaped (the flow checker lets only plain paths
* through; the prerendered landing writes this into a style attribute, where a quote or a newline would end the string).
*/
var cssUrl = (path) => `url("${path.replace(/[^A-Za-z0-9/_.-]/gu, (c) => `\\${c.codePointAt(0).toString(16)} `)}")`;
/** A layer of one colour. */
var flat = (color) => `linear-gradient(${color}, ${color})`;
/** The art's layers: the group's art under the scheme's overlay. */
function artStyle(image) {
	const overlay = flat(theme.colors.artOverlay);
	return { backgroundImage: image ? `${overlay}, ${cssUrl(image)}` : overlay };
}
/**
* A group that blurs: the build's blurred copy of the art, under the scheme's overlay, fixed and covering the viewport
* as the art is, so it lies exactly over the art behind the card (src/shared/blurred-art.ts), under the card's own
* surface. No backdrop-filter: the browser would blur the art again on every screen change.
*/
function blurredCardStyle(blurredArt) {
	if (!blurredArt) return void 0;
	const { surface, artOverlay, page } = theme.colors;
	return {
		backgroundImage: `${flat(surface)}, ${flat(artOverlay)}, ${cssUrl(blurredArt)}`,
		backgroundColor: page
	};
}
/** The page-group frame around a screen: the group's background image, and its card over it blurred as the group says. */
function FunnelFrame({ group, groupId, children }) {
	return /* @__PURE__ */ jsxs(Backdrop, {
		"data-group": groupId,
		children: [/* @__PURE__ */ jsx(Art, {
			"aria-hidden": "true",
			"data-art": "",
			style: artStyle(group?.background)
		}), /* @__PURE__ */ jsx(CardBox, {
			style: blurredCardStyle(group && blurredArtOf(group)),
			children
		})]
	});
}
// src/app/funnel/screen-slot.tsx
/**
* A screen kept in the page hidden (the one a tap most likely leads to, or the one just left) is laid out, in the
* card's width, yet invisible: not painted, not hit by a tap, not focusable, out of the accessibility tree, and
* clipped to no height, so it never makes the page scroll. The tap that shows it then only flips its visibility and
* puts it in the flow: its style and layout were computed while the browser was idle, where a screen with
* display: none (React's Activity) is styled and laid out within the tap (about 13 ms at 4x CPU, forced by
* the focus move). The emoji font its option icons need is loaded then too.
*/
var Slot = Mt.div`
  display: flow-root;
`;
/** Hidden: out of the flow, clipped to no height, invisible. */
var hiddenStyle = {
	position: "absolute",
	top: 0,
	left: "var(--card-pad-x)",
	right: "var(--card-pad-x)",
	height: 0,
	overflow: "clip",
	visibility: "hidden"
};
/**
* One screen in its slot. Hidden, it is not rendered again when the funnel's state changes (it has nothing to show),
* and its screen runs no effects that belong to a shown screen (src/screens/screen-shown.ts); shown, it renders with
* the funnel's state of that moment.
*/
var ScreenSlot = memo(function ScreenSlot({ shown, children }) {
	return /* @__PURE__ */ jsx(Slot, {
		"data-hidden": shown ? void 0 : "",
		style: shown ? void 0 : hiddenStyle,
		children: /* @__PURE__ */ jsx(ScreenShownContext.Provider, {
			value: shown,
			children
		})
	});
}, (before, after) => !before.shown && !after.shown);
// src/app/landing-intent.ts
/**
* A tap on the landing page's call to action made before the funnel chunk has arrived (the landing is
* prerendered HTML until then, and React does not replay clicks on content it has not hydrated). It is
* recorded from the first paint by the inline script of src/shared/early-tap.ts, or by the landing's own button once
* hydrated (requestStart), and the funnel consumes it once it is running, so an early tap is not lost.
*/
function requestStart() {
	document.documentElement.setAttribute(startRequestedAttribute, "");
}
// src/app/landing-fallback.tsx
/**
* Shown while the funnel chunk loads: on the landing route it is the real welcome screen of the flow version the
* server served the page (its inline JSON), so the landing paints without the engine. A tap is kept until the funnel
* runs.
*/
function LandingFallback({ landing }) {
	const { pathname } = useLocation();
	if (!landing || pathname !== landing.screen.route) return null;
	return /* @__PURE__ */ jsx(FunnelFrame, {
		group: landing.group,
		groupId: landing.screen.group,
		children: /* @__PURE__ */ jsx(ScreenSlot, {
			shown: true,
			children: /* @__PURE__ */ jsx(WelcomeScreen, {
				screen: landing.screen,
				answers: {},
				answer: void 0,
				email: null,
				send: requestStart
			})
		})
	});
}
// src/app/prerender.tsx
/**
* Renders the landing of a flow version on the server (the build compiles this module for it, into dist-ssr/): its
* HTML and its styles, so a phone paints the welcome screen from the HTML alone; the client then hydrates it with the
* same version's page flow. The funnel chunk is lazy, so its Suspense boundary renders the landing fallback here,
* which the client takes over.
*/
function prerender(url, pageFlow) {
	const sheet = new Zt();
	try {
		return {
			html: renderToString(sheet.collectStyles(/* @__PURE__ */ jsx(StaticRouter, {
				location: url,
				children: /* @__PURE__ */ jsx(App, {
					pageFlow,
					prerenderedLanding: LandingFallback
				})
			}))),
			styles: sheet.getStyleTags()
		};
	} finally {
		sheet.seal();
	}
}
export { canHover as a, useThemeMode as i, PrimaryButton as n, up as o, pageFlowElement, pageFlowOf, prerender, Stack as r, Heading as t };
