import { createRequire } from "node:module";
import e from "@emotion/is-prop-valid";
import t, { createElement } from "react";
import * as o from "stylis";
// \0rolldown/runtime.js
var __require = /* #__PURE__ */ (() => createRequire(import.meta.url))();
// node_modules/styled-components/dist/styled-components.esm.js
var r = "production" !== process.env.NODE_ENV ? {
	1: "Cannot create styled-component for component: %s.\n\n",
	2: "Can't collect styles once you've consumed a `ServerStyleSheet`'s styles! `ServerStyleSheet` is a one off instance for each server-side render cycle.\n\n- Are you trying to reuse it across renders?\n- Are you accidentally calling collectStyles twice?\n\n",
	3: "Streaming SSR is only supported in a Node.js environment; Please do not try to call this method in the browser.\n\n",
	4: "The `StyleSheetManager` expects a valid target or sheet prop!\n\n- Does this error occur on the client and is your target falsy?\n- Does this error occur on the server and is the sheet falsy?\n\n",
	5: "The clone method cannot be used on the client!\n\n- Are you running in a client-like environment on the server?\n- Are you trying to run SSR on the client?\n\n",
	6: "Trying to insert a new style tag, but the given Node is unmounted!\n\n- Are you using a custom target that isn't mounted?\n- Does your document not have a valid head element?\n- Have you accidentally removed a style tag manually?\n\n",
	7: "ThemeProvider: Please return an object from your \"theme\" prop function, e.g.\n\n```js\ntheme={() => ({})}\n```\n\n",
	8: "ThemeProvider: Please make your \"theme\" prop an object.\n\n",
	9: "Missing document `<head>`\n\n",
	10: "Cannot find a StyleSheet instance. Usually this happens if there are multiple copies of styled-components loaded at once. Check out this issue for how to troubleshoot and fix the common cases where this situation can happen: https://github.com/styled-components/styled-components/issues/1941#issuecomment-417862021\n\n",
	11: "_This error was replaced with a dev-time warning, it will be deleted for v4 final._ [createGlobalStyle] received children which will not be rendered. Please use the component without passing children elements.\n\n",
	12: "It seems you are interpolating a keyframe declaration (%s) into an untagged string. Please wrap your string in the css\\`\\` helper which ensures the styles are injected correctly. See https://styled-components.com/docs/api#css\n\n",
	13: "%s is not a styled component and cannot be referred to via component selector. See https://styled-components.com/docs/advanced#referring-to-other-components for more details.\n\n",
	14: "ThemeProvider: \"theme\" prop is required.\n\n",
	15: "A stylis plugin has been supplied that is not named. We need a name for each plugin to be able to prevent styling collisions between different stylis configurations within the same app. Before you pass your plugin to `<StyleSheetManager stylisPlugins={[]}>`, please make sure each plugin is uniquely-named, e.g.\n\n```js\nObject.defineProperty(importedPlugin, 'name', { value: 'some-unique-name' });\n```\n\n",
	16: "Reached the limit of how many styled components may be created at group %s.\nYou may only create up to 1,073,741,824 components. If you're creating components dynamically,\nas for instance in your render method then you may be running into this limitation.\n\n",
	17: "CSSStyleSheet could not be found on HTMLStyleElement.\nHas styled-components' style tag been unmounted or altered by another script?\n\n",
	18: "Accessing `useTheme` hook outside of a `<ThemeProvider>` element.\n\n```jsx\nimport { useTheme } from 'styled-components';\nexport function StyledComponent({ children }) {\n  const theme = useTheme();\n  return <div style={{ width: theme.sizes.full }}>{children}</div>;\n}\n\nimport { StyledComponent } from './StyledComponent';\nimport { theme } from './theme';\nexport function App() {\n  return (\n    <ThemeProvider theme={theme}>\n      <StyledComponent />\n    </ThemeProvider>\n  );\n}\n```\n\nIf you need access to the theme in an uncertain composition scenario, `React.useContext(ThemeContext)` will not emit an error if there is no `ThemeProvider` ancestor.\n\n",
	19: "styled-components loaded its browser build in a React Server Components environment. This usually happens when a route renders on the server with the edge runtime, or when a server bundle resolves the package's browser build. Remove `export const runtime = 'edge'`, or set it to `'nodejs'`, on every route that renders styled-components on the server, and make sure server code resolves the package's server build.\n\n",
	20: "styled-components tried to create a `<style>` element on the server, where no `document` exists. This usually happens when a route renders on the server with the edge runtime, or when a server bundle resolves the package's browser build. Remove `export const runtime = 'edge'`, or set it to `'nodejs'`, on every route that renders styled-components on the server, and make sure server code resolves the package's server build.\n"
} : {};
function i(e, ...t) {
	return "production" === process.env.NODE_ENV ? /* @__PURE__ */ new Error(`An error occurred. See https://github.com/styled-components/styled-components/blob/main/packages/styled-components/src/utils/errors.md#${e} for more information.${t.length > 0 ? ` Args: ${t.join(", ")}` : ""}`) : new Error(function(...e) {
		let t = e[0];
		const n = [];
		for (let t = 1, o = e.length; t < o; t += 1) n.push(e[t]);
		return n.forEach((e) => {
			t = t.replace(/%[a-z]/, e);
		}), t;
	}(r[e], ...t).trim());
}
var l;
var a;
var c = "undefined" != typeof process && void 0 !== process.env && (process.env.REACT_APP_SC_ATTR || process.env.SC_ATTR) || "data-styled";
var u = "active";
var d = "data-styled-version";
var h = "6.6.0";
var p = "/*!sc*/\n";
var f = "undefined" != typeof window && "undefined" != typeof document;
var m = void 0 === t.createContext;
if (!m && !t.createContext) throw i(19);
function g(e) {
	if ("undefined" != typeof process && void 0 !== process.env) {
		const t = process.env[e];
		if (void 0 !== t && "" !== t) return "false" !== t;
	}
}
var y = Boolean("boolean" == typeof SC_DISABLE_SPEEDY ? SC_DISABLE_SPEEDY : null !== (a = null !== (l = g("REACT_APP_SC_DISABLE_SPEEDY")) && void 0 !== l ? l : g("SC_DISABLE_SPEEDY")) && void 0 !== a ? a : "undefined" != typeof process && void 0 !== process.env && "production" !== process.env.NODE_ENV);
var v = "sc-keyframes-";
var w = {};
var b = 1 << 30;
var S = /* @__PURE__ */ new Map();
var N = /* @__PURE__ */ new Map();
var C = 1;
var O = (e) => {
	if (S.has(e)) return S.get(e);
	for (; N.has(C);) C++;
	const t = C++;
	if ("production" !== process.env.NODE_ENV && ((0 | t) < 0 || t > b)) throw i(16, `${t}`);
	return S.set(e, t), N.set(t, e), t;
};
var E = (e) => N.get(e);
var P = (e, t) => {
	C = t + 1, S.set(e, t), N.set(t, e);
};
var A = /invalid hook call/i;
var I = /* @__PURE__ */ new Set();
var x = (e, n) => {
	if ("production" !== process.env.NODE_ENV) {
		if (m) return;
		const o = `The component ${e}${n ? ` with the id of "${n}"` : ""} has been created dynamically.\nYou may see this warning because you've called styled inside another component.\nTo resolve this only create new StyledComponents outside of any render method and function component.\nSee https://styled-components.com/docs/basics#define-styled-components-outside-of-the-render-method for more info.\n`, s = console.error;
		try {
			let e = !0;
			console.error = (t, ...n) => {
				A.test(t) ? (e = !1, I.delete(o)) : s(t, ...n);
			}, "function" == typeof t.useState && t.useState(null), e && !I.has(o) && (console.warn(o), I.add(o));
		} catch (e) {
			A.test(e.message) && I.delete(o);
		} finally {
			console.error = s;
		}
	}
};
var _ = Object.freeze([]);
var $ = Object.freeze({});
function R(e, t, n = $) {
	return e.theme !== n.theme && e.theme || t || n.theme;
}
var k = /[!"#$%&'()*+,./:;<=>?@[\\\]^`{|}~-]+/g;
var j = /(^-|-$)/g;
function T(e) {
	return e.replace(k, "-").replace(j, "");
}
var D = /(a)(d)/gi;
var M = (e) => String.fromCharCode(e + (e > 25 ? 39 : 97));
function V(e) {
	let t, n = "";
	for (t = Math.abs(e); t > 52; t = t / 52 | 0) n = M(t % 52) + n;
	return (M(t % 52) + n).replace(D, "$1-$2");
}
var F = 5381;
var G = (e, t) => {
	let n = t.length;
	for (; n;) e = 33 * e ^ t.charCodeAt(--n);
	return e;
};
var z = (e) => G(F, e);
function W(e) {
	return V(z(e) >>> 0);
}
function L(e) {
	return "production" !== process.env.NODE_ENV && "string" == typeof e && e || e.displayName || e.name || "Component";
}
function q(e) {
	return "string" == typeof e && ("production" === process.env.NODE_ENV || e.charAt(0) === e.charAt(0).toLowerCase());
}
function B(e) {
	return q(e) ? `styled.${e}` : `Styled(${L(e)})`;
}
var H = Symbol.for("react.memo");
var Y = Symbol.for("react.forward_ref");
var U = {
	contextType: !0,
	defaultProps: !0,
	displayName: !0,
	getDerivedStateFromError: !0,
	getDerivedStateFromProps: !0,
	propTypes: !0,
	type: !0
};
var J = {
	name: !0,
	length: !0,
	prototype: !0,
	caller: !0,
	callee: !0,
	arguments: !0,
	arity: !0
};
var X = {
	$$typeof: !0,
	compare: !0,
	defaultProps: !0,
	displayName: !0,
	propTypes: !0,
	type: !0
};
var Z = {
	[Y]: {
		$$typeof: !0,
		render: !0,
		defaultProps: !0,
		displayName: !0,
		propTypes: !0
	},
	[H]: X
};
function K(e) {
	return ("type" in (t = e) && t.type.$$typeof) === H ? X : "$$typeof" in e ? Z[e.$$typeof] : U;
	var t;
}
var Q = Object.defineProperty;
var ee = Object.getOwnPropertyNames;
var te = Object.getOwnPropertySymbols;
var ne = Object.getOwnPropertyDescriptor;
var oe = Object.getPrototypeOf;
var se = Object.prototype;
function re(e, t, n) {
	if ("string" != typeof t) {
		const o = oe(t);
		o && o !== se && re(e, o, n);
		const s = ee(t).concat(te(t)), r = K(e), i = K(t);
		for (let o = 0; o < s.length; ++o) {
			const l = s[o];
			if (!(l in J || n && n[l] || i && l in i || r && l in r)) {
				const n = ne(t, l);
				try {
					Q(e, l, n);
				} catch (e) {}
			}
		}
	}
	return e;
}
function ie(e) {
	return "function" == typeof e;
}
var le = Symbol.for("react.forward_ref");
function ae(e) {
	return null != e && ("object" == typeof e || "function" == typeof e) && e.$$typeof === le && "styledComponentId" in e;
}
function ce(e, t) {
	return e && t ? e + " " + t : e || t || "";
}
function ue(e, t) {
	return e.join(t || "");
}
function de(e) {
	let t = "";
	for (let n = 0; n < e.length; n++) t += e[n] + p;
	return t;
}
function he(e) {
	return e ? e.replaceAll(p, "") : e;
}
function pe(e) {
	return null !== e && "object" == typeof e && e.constructor.name === Object.name && !("props" in e && e.$$typeof);
}
function fe(e, t, n = !1) {
	if (!n && !pe(e) && !Array.isArray(e)) return t;
	if (Array.isArray(t)) for (let n = 0; n < t.length; n++) e[n] = fe(e[n], t[n]);
	else if (pe(t)) for (const n in t) e[n] = fe(e[n], t[n]);
	return e;
}
function me(e) {
	if (!m) return null;
	const n = t.cache;
	return n ? n(e) : null;
}
function ge(e, t) {
	Object.defineProperty(e, "toString", { value: t });
}
var ye = class {
	constructor(e) {
		this.groupSizes = /* @__PURE__ */ new Uint32Array(512), this.length = 512, this.tag = e, this._cGroup = 0, this._cIndex = 0;
	}
	indexOfGroup(e) {
		if (e === this._cGroup) return this._cIndex;
		let t = this._cIndex;
		if (e > this._cGroup) for (let n = this._cGroup; n < e; n++) t += this.groupSizes[n];
		else for (let n = this._cGroup - 1; n >= e; n--) t -= this.groupSizes[n];
		return this._cGroup = e, this._cIndex = t, t;
	}
	insertRules(e, t) {
		if (e >= this.groupSizes.length) {
			const t = this.groupSizes, n = t.length;
			let o = n;
			for (; e >= o;) if (o <<= 1, o < 0) throw i(16, `${e}`);
			this.groupSizes = new Uint32Array(o), this.groupSizes.set(t), this.length = o;
			for (let e = n; e < o; e++) this.groupSizes[e] = 0;
		}
		let n = this.indexOfGroup(e + 1), o = 0;
		for (let s = 0, r = t.length; s < r; s++) this.tag.insertRule(n, t[s]) && (this.groupSizes[e]++, n++, o++);
		o > 0 && this._cGroup > e && (this._cIndex += o);
	}
	clearGroup(e) {
		if (e < this.length) {
			const t = this.groupSizes[e], n = this.indexOfGroup(e), o = n + t;
			this.groupSizes[e] = 0;
			for (let e = n; e < o; e++) this.tag.deleteRule(n);
			t > 0 && this._cGroup > e && (this._cIndex -= t);
		}
	}
	getGroup(e) {
		let t = "";
		if (e >= this.length || 0 === this.groupSizes[e]) return t;
		const n = this.groupSizes[e], o = this.indexOfGroup(e), s = o + n;
		for (let e = o; e < s; e++) t += this.tag.getRule(e) + p;
		return t;
	}
};
var ve = `style[${c}][${d}="${h}"]`;
var we = new RegExp(`^${c}\\.g(\\d+)\\[id="([\\w\\d-]+)"\\].*?"([^"]*)`);
var be = !1;
var Se = (e) => "undefined" != typeof ShadowRoot && e instanceof ShadowRoot || "host" in e && 11 === e.nodeType;
var Ne = (e) => {
	if (!e) return document;
	if (Se(e)) return e;
	if ("getRootNode" in e) {
		const t = e.getRootNode();
		if (Se(t)) return t;
	}
	return document;
};
var Ce = (e, t, n) => {
	const o = n.split(",");
	let s;
	for (let n = 0, r = o.length; n < r; n++) (s = o[n]) && e.registerName(t, s);
};
var Oe = (e, t) => {
	var n;
	const o = (null !== (n = t.textContent) && void 0 !== n ? n : "").split(p), s = [];
	for (let t = 0, n = o.length; t < n; t++) {
		const n = o[t].trim();
		if (!n) continue;
		const r = n.match(we);
		if (r) {
			const t = 0 | parseInt(r[1], 10), n = r[2];
			0 !== t && (P(n, t), Ce(e, n, r[3]), e.getTag().insertRules(t, s)), s.length = 0;
		} else s.push(n);
	}
};
var Ee = (e) => {
	const t = Ne(e.options.target);
	((e) => {
		if ("production" !== process.env.NODE_ENV) {
			if (be) return;
			const t = e.querySelectorAll(`style[${c}]`);
			for (let e = 0, n = t.length; e < n; e++) {
				if (t[e].getAttribute(c) === u) continue;
				const n = t[e].getAttribute(d);
				if (null !== n && n !== "6.6.0") return be = !0, void console.warn(`Found server-rendered styles from styled-components ${n}, but this copy is ${h}. If both come from the same app, class names will not match and hydration will fail: make sure the server and the browser load the same version (run \`npm ls styled-components\` to find duplicates). Pages that intentionally host separate apps on different versions can ignore this.`);
			}
		}
	})(t);
	const n = t.querySelectorAll(ve);
	for (let t = 0, o = n.length; t < o; t++) {
		const o = n[t];
		o && o.getAttribute(c) !== u && (Oe(e, o), o.parentNode && o.parentNode.removeChild(o));
	}
};
var Pe = !1;
function Ae() {
	if (!1 !== Pe) return Pe;
	if ("undefined" != typeof document) {
		const e = document.head.querySelector("meta[property=\"csp-nonce\"]");
		if (e) return Pe = e.nonce || e.getAttribute("content") || void 0;
		const t = document.head.querySelector("meta[name=\"sc-nonce\"]");
		if (t) return Pe = t.getAttribute("content") || void 0;
	}
	return Pe = "undefined" != typeof __webpack_nonce__ ? __webpack_nonce__ : void 0;
}
var Ie = (e, t) => {
	if ("undefined" == typeof document) throw i(20);
	const n = document.head, o = e || n, s = document.createElement("style"), r = ((e) => {
		const t = Array.from(e.querySelectorAll(`style[${c}]`));
		return t[t.length - 1];
	})(o), l = void 0 !== r ? r.nextSibling : null;
	s.setAttribute(c, u), s.setAttribute(d, h);
	const a = t || Ae();
	return a && s.setAttribute("nonce", a), o.insertBefore(s, l), s;
};
var xe = class {
	constructor(e, t) {
		this.element = Ie(e, t), this.element.appendChild(document.createTextNode("")), this.sheet = ((e) => {
			var t;
			if (e.sheet) return e.sheet;
			const n = null !== (t = e.getRootNode().styleSheets) && void 0 !== t ? t : document.styleSheets;
			for (let t = 0, o = n.length; t < o; t++) {
				const o = n[t];
				if (o.ownerNode === e) return o;
			}
			throw i(17);
		})(this.element), this.length = 0;
	}
	insertRule(e, t) {
		try {
			return this.sheet.insertRule(t, e), this.length++, !0;
		} catch (e) {
			return !1;
		}
	}
	deleteRule(e) {
		this.sheet.deleteRule(e), this.length--;
	}
	getRule(e) {
		const t = this.sheet.cssRules[e];
		return t && t.cssText ? t.cssText : "";
	}
};
var _e = class {
	constructor(e, t) {
		this.element = Ie(e, t), this.nodes = this.element.childNodes, this.length = 0;
	}
	insertRule(e, t) {
		if (e <= this.length && e >= 0) {
			const n = document.createTextNode(t);
			return this.element.insertBefore(n, this.nodes[e] || null), this.length++, !0;
		}
		return !1;
	}
	deleteRule(e) {
		this.element.removeChild(this.nodes[e]), this.length--;
	}
	getRule(e) {
		return e < this.length ? this.nodes[e].textContent : "";
	}
};
var $e = class {
	constructor(e) {
		this.rules = [], this.length = 0;
	}
	insertRule(e, t) {
		return e <= this.length && (e === this.length ? this.rules.push(t) : this.rules.splice(e, 0, t), this.length++, !0);
	}
	deleteRule(e) {
		this.rules.splice(e, 1), this.length--;
	}
	getRule(e) {
		return e < this.length ? this.rules[e] : "";
	}
};
var Re = f;
var ke = {
	isServer: !f,
	useCSSOMInjection: !y
};
var je = class je {
	static registerId(e) {
		return O(e);
	}
	constructor(e = $, t = {}, n) {
		this.options = Object.assign(Object.assign({}, ke), e), this.gs = t, this.keyframeIds = /* @__PURE__ */ new Set(), this.names = new Map(n), this.server = !!e.isServer, !this.server && f && Re && (Re = !1, Ee(this)), ge(this, () => ((e) => {
			const t = e.getTag(), { length: n } = t;
			let o = "";
			for (let s = 0; s < n; s++) {
				const n = E(s);
				if (void 0 === n) continue;
				const r = e.names.get(n);
				if (void 0 === r || !r.size) continue;
				const i = t.getGroup(s);
				if (0 === i.length) continue;
				const l = c + ".g" + s + "[id=\"" + n + "\"]";
				let a = "";
				for (const e of r) e.length > 0 && (a += e + ",");
				o += i + l + "{content:\"" + a + "\"}/*!sc*/\n";
			}
			return o;
		})(this));
	}
	rehydrate() {
		!this.server && f && Ee(this);
	}
	reconstructWithOptions(e, t = !0) {
		const n = new je(Object.assign(Object.assign({}, this.options), e), this.gs, t && this.names || void 0);
		return n.keyframeIds = new Set(this.keyframeIds), !this.server && f && e.target !== this.options.target && Ne(this.options.target) !== Ne(e.target) && Ee(n), n;
	}
	allocateGSInstance(e) {
		return this.gs[e] = (this.gs[e] || 0) + 1;
	}
	getTag() {
		return this.tag || (this.tag = (e = (({ isServer: e, useCSSOMInjection: t, target: n, nonce: o }) => e ? new $e(n) : t ? new xe(n, o) : new _e(n, o))(this.options), new ye(e)));
		var e;
	}
	hasNameForId(e, t) {
		var n, o;
		return null !== (o = null === (n = this.names.get(e)) || void 0 === n ? void 0 : n.has(t)) && void 0 !== o && o;
	}
	registerName(e, t) {
		O(e), e.startsWith(v) && this.keyframeIds.add(e);
		const n = this.names.get(e);
		n ? n.add(t) : this.names.set(e, /* @__PURE__ */ new Set([t]));
	}
	insertRules(e, t, n) {
		this.registerName(e, t), this.getTag().insertRules(O(e), n);
	}
	clearNames(e) {
		this.names.has(e) && this.names.get(e).clear();
	}
	clearRules(e) {
		this.getTag().clearGroup(O(e)), this.clearNames(e);
	}
	clearTag() {
		this.tag = void 0;
	}
};
var Te = /* @__PURE__ */ new WeakSet();
var De = {
	animationIterationCount: 1,
	aspectRatio: 1,
	borderImageOutset: 1,
	borderImageSlice: 1,
	borderImageWidth: 1,
	columnCount: 1,
	columns: 1,
	flex: 1,
	flexGrow: 1,
	flexShrink: 1,
	gridRow: 1,
	gridRowEnd: 1,
	gridRowSpan: 1,
	gridRowStart: 1,
	gridColumn: 1,
	gridColumnEnd: 1,
	gridColumnSpan: 1,
	gridColumnStart: 1,
	fontWeight: 1,
	lineHeight: 1,
	opacity: 1,
	order: 1,
	orphans: 1,
	scale: 1,
	tabSize: 1,
	widows: 1,
	zIndex: 1,
	zoom: 1,
	WebkitLineClamp: 1,
	fillOpacity: 1,
	floodOpacity: 1,
	stopOpacity: 1,
	strokeDasharray: 1,
	strokeDashoffset: 1,
	strokeMiterlimit: 1,
	strokeOpacity: 1,
	strokeWidth: 1
};
function Me(e, t) {
	return null == t || "boolean" == typeof t || "" === t ? "" : "number" != typeof t || 0 === t || e in De || e.startsWith("--") ? String(t).trim() : t + "px";
}
var Ve = 47;
function Fe(e) {
	if (45 === e.charCodeAt(0) && 45 === e.charCodeAt(1)) return e;
	let t = "";
	for (let n = 0; n < e.length; n++) {
		const o = e.charCodeAt(n);
		t += o >= 65 && o <= 90 ? "-" + String.fromCharCode(o + 32) : e[n];
	}
	return t.startsWith("ms-") ? "-" + t : t;
}
var Ge = Symbol.for("sc-keyframes");
function ze(e) {
	return "object" == typeof e && null !== e && Ge in e;
}
function We(e) {
	return ie(e) && !(e.prototype && e.prototype.isReactComponent);
}
var Le = (e) => null == e || !1 === e || "" === e;
var qe = Symbol.for("react.client.reference");
function Be(e) {
	return e.$$typeof === qe;
}
function He(e) {
	const t = e.$$id, n = (t && t.includes("#") ? t.split("#").pop() : t) || e.name || "unknown";
	console.warn(`Interpolating a client component (${n}) as a selector is not supported in server components. The component selector pattern requires access to the component's internal class name, which is not available across the server/client boundary. Use a plain CSS class selector instead.`);
}
function Ye(e, t) {
	for (const n in e) {
		const o = e[n];
		e.hasOwnProperty(n) && !Le(o) && (Array.isArray(o) && Te.has(o) || ie(o) ? t.push(Fe(n) + ":", o, ";") : pe(o) ? (t.push(n + " {"), Ye(o, t), t.push("}")) : t.push(Fe(n) + ": " + Me(n, o) + ";"));
	}
}
function Ue(e, t, n, o, s = []) {
	if (Le(e)) return s;
	const r = typeof e;
	if ("string" === r) return s.push(e), s;
	if ("function" === r) {
		if (Be(e)) return "production" !== process.env.NODE_ENV && He(e), s;
		if (We(e) && t) {
			const r = e(t);
			return "production" === process.env.NODE_ENV || "object" != typeof r || Array.isArray(r) || ze(r) || pe(r) || null === r || console.error(`${L(e)} is not a styled component and cannot be referred to via component selector. See https://styled-components.com/docs/advanced#referring-to-other-components for more details.`), Ue(r, t, n, o, s);
		}
		return s.push(e), s;
	}
	if (Array.isArray(e)) {
		for (let r = 0; r < e.length; r++) Ue(e[r], t, n, o, s);
		return s;
	}
	return ae(e) ? (s.push(`.${e.styledComponentId}`), s) : ze(e) ? (n ? (e.inject(n, o), s.push(e.getName(o))) : s.push(e), s) : Be(e) ? ("production" !== process.env.NODE_ENV && He(e), s) : pe(e) ? e.toString !== Object.prototype.toString ? (s.push(e.toString()), s) : (Ye(e, s), s) : (s.push(e.toString()), s);
}
var Je = z(h);
var Xe = m ? /* @__PURE__ */ new WeakMap() : null;
function Ze(e, t) {
	var n, o;
	return null !== (o = null === (n = null == Xe ? void 0 : Xe.get(e)) || void 0 === n ? void 0 : n.get(t)) && void 0 !== o ? o : null;
}
var Ke = class {
	constructor(e, t, n) {
		this.rules = e, this.componentId = t, this.baseHash = G(Je, t), this.baseStyle = n, je.registerId(t);
	}
	generateAndInjectStyles(e, t, n) {
		let o = this.baseStyle ? this.baseStyle.generateAndInjectStyles(e, t, n) : "";
		{
			let s = "";
			for (let o = 0; o < this.rules.length; o++) {
				const r = this.rules[o];
				if ("string" == typeof r) s += r;
				else if (r) if (We(r)) {
					const o = r(e);
					"string" == typeof o ? s += o : null != o && !1 !== o && ("production" === process.env.NODE_ENV || "object" != typeof o || Array.isArray(o) || ze(o) || pe(o) || console.error(`${L(r)} is not a styled component and cannot be referred to via component selector. See https://styled-components.com/docs/advanced#referring-to-other-components for more details.`), s += ue(Ue(o, e, t, n)));
				} else s += ue(Ue(r, e, t, n));
			}
			if (s) {
				this.dynamicNameCache || (this.dynamicNameCache = /* @__PURE__ */ new Map());
				const e = n.hash ? n.hash + s : s;
				let r = this.dynamicNameCache.get(e);
				if (!r) {
					if (r = V(G(G(this.baseHash, n.hash), s) >>> 0), this.dynamicNameCache.size >= 200) {
						const e = this.dynamicNameCache.keys().next().value;
						void 0 !== e && this.dynamicNameCache.delete(e);
					}
					this.dynamicNameCache.set(e, r);
				}
				if (!t.hasNameForId(this.componentId, r)) if (m && function(e, t) {
					var n, o;
					return null !== (o = null === (n = null == Xe ? void 0 : Xe.get(e)) || void 0 === n ? void 0 : n.has(t)) && void 0 !== o && o;
				}(this, r)) t.registerName(this.componentId, r);
				else {
					const e = n(s, "." + r, void 0, this.componentId);
					m && function(e, t, n) {
						if (!Xe) return;
						let o = Xe.get(e);
						o || (o = /* @__PURE__ */ new Map(), Xe.set(e, o)), o.set(t, de(n));
					}(this, r, e), t.insertRules(this.componentId, r, e);
				}
				o = ce(o, r);
			}
		}
		return o;
	}
};
var Qe = /&/g;
function et(e, t) {
	let n = 0;
	for (; --t >= 0 && 92 === e.charCodeAt(t);) n++;
	return !(1 & ~n);
}
function tt(e) {
	const t = e.length;
	let n = "", o = 0, s = 0, r = 0, i = !1, l = !1;
	for (let a = 0; a < t; a++) {
		const c = e.charCodeAt(a);
		if (0 !== r || i || c !== Ve || 42 !== e.charCodeAt(a + 1)) if (i) 42 === c && e.charCodeAt(a + 1) === Ve && (i = !1, a++);
		else if (34 !== c && 39 !== c || et(e, a)) {
			if (0 === r) if (123 === c) s++;
			else if (125 === c) {
				if (s--, s < 0) {
					l = !0;
					let n = a + 1;
					for (; n < t;) {
						const t = e.charCodeAt(n);
						if (59 === t || 10 === t) break;
						n++;
					}
					n < t && 59 === e.charCodeAt(n) && n++, s = 0, a = n - 1, o = n;
					continue;
				}
				0 === s && (n += e.substring(o, a + 1), o = a + 1);
			} else 59 === c && 0 === s && (n += e.substring(o, a + 1), o = a + 1);
		} else 0 === r ? r = c : r === c && (r = 0);
		else i = !0, a++;
	}
	return l || 0 !== s || 0 !== r ? (o < t && 0 === s && 0 === r && (n += e.substring(o)), n) : e;
}
function nt(e, t) {
	const n = t + " ", o = "," + n;
	for (let s = 0; s < e.length; s++) {
		const r = e[s];
		if ("rule" === r.type) {
			r.value = (n + r.value).replaceAll(",", o);
			const e = r.props, t = [];
			for (let o = 0; o < e.length; o++) t[o] = n + e[o];
			r.props = t;
		}
		Array.isArray(r.children) && "@keyframes" !== r.type && nt(r.children, t);
	}
	return e;
}
function ot({ options: e = $, plugins: t = _ } = $) {
	let n, s, r;
	const l = (e, t, o) => o.startsWith(s) && o.endsWith(s) && o.replaceAll(s, "").length > 0 ? `.${n}` : e, a = t.slice();
	a.push((e) => {
		e.type === o.RULESET && e.value.includes("&") && (r || (r = new RegExp(`\\${s}\\b`, "g")), e.props[0] = e.props[0].replace(Qe, s).replace(r, l));
	}), e.prefix && a.push(o.prefixer), a.push(o.stringify);
	let c = [];
	const u = o.middleware(a.concat(o.rulesheet((e) => c.push(e)))), d = (t, i = "", l = "", a = "&") => {
		n = a, s = i, r = void 0;
		const d = function(e) {
			const t = -1 !== e.indexOf("//"), n = -1 !== e.indexOf("}");
			if (!t && !n) return e;
			if (!t) return tt(e);
			const o = e.length;
			let s = "", r = 0, i = 0, l = 0, a = 0, c = 0, u = !1;
			for (; i < o;) {
				const t = e.charCodeAt(i);
				if (34 !== t && 39 !== t || et(e, i)) if (0 === l) if (t === Ve && i + 1 < o && 42 === e.charCodeAt(i + 1)) {
					for (i += 2; i + 1 < o && (42 !== e.charCodeAt(i) || e.charCodeAt(i + 1) !== Ve);) i++;
					i += 2;
				} else if (40 !== t) if (41 !== t) if (a > 0) i++;
				else if (42 === t && i + 1 < o && e.charCodeAt(i + 1) === Ve) s += e.substring(r, i), i += 2, r = i, u = !0;
				else if (t === Ve && i + 1 < o && e.charCodeAt(i + 1) === Ve) {
					for (s += e.substring(r, i); i < o && 10 !== e.charCodeAt(i);) i++;
					r = i, u = !0;
				} else 123 === t ? c++ : 125 === t && c--, i++;
				else a > 0 && a--, i++;
				else a++, i++;
				else i++;
				else 0 === l ? l = t : l === t && (l = 0), i++;
			}
			return u ? (r < o && (s += e.substring(r)), 0 === c ? s : tt(s)) : 0 === c ? e : tt(e);
		}(t);
		let h = o.compile(l || i ? l + " " + i + " { " + d + " }" : d);
		return e.namespace && (h = nt(h, e.namespace)), c = [], o.serialize(h, u), c;
	}, h = e;
	let p = F;
	for (let e = 0; e < t.length; e++) t[e].name || i(15), p = G(p, t[e].name);
	return null != h && h.namespace && (p = G(p, h.namespace)), null != h && h.prefix && (p = G(p, "p")), d.hash = p !== F ? p.toString() : "", d;
}
var st;
var rt;
var it;
var lt = new je();
var at = ot();
var ct;
var ut = null;
var dt = at;
var ht = m && null !== (it = null === (rt = (st = t).cache) || void 0 === rt ? void 0 : rt.call(st, () => {
	lt.names.clear(), lt.keyframeIds.clear(), lt.clearTag(), ut = null;
})) && void 0 !== it ? it : null;
var pt = {
	shouldForwardProp: void 0,
	styleSheet: lt,
	stylis: at,
	stylisPlugins: void 0
};
var ft = m ? {
	Provider: ({ children: e }) => e,
	Consumer: ({ children: e }) => e(pt)
} : t.createContext(pt);
ft.Consumer;
function gt() {
	return m ? (ht && ht(), ut || pt) : t.useContext(ft);
}
function yt(e) {
	var n, o, s;
	if (m) {
		ht && ht();
		const t = ut || pt, s = void 0 !== e.stylisPlugins || void 0 !== e.namespace || void 0 !== e.enableVendorPrefixes;
		s && (e.stylisPlugins && e.stylisPlugins !== ct ? (ct = e.stylisPlugins, dt = ot({
			options: {
				namespace: e.namespace,
				prefix: e.enableVendorPrefixes
			},
			plugins: e.stylisPlugins
		})) : void 0 === e.namespace && void 0 === e.enableVendorPrefixes || (dt = ot({
			options: {
				namespace: e.namespace,
				prefix: e.enableVendorPrefixes
			},
			plugins: null !== (n = e.stylisPlugins) && void 0 !== n ? n : t.stylisPlugins
		})));
		const r = s ? void 0 === e.stylisPlugins || e.stylisPlugins.length ? dt : at : t.stylis, i = "shouldForwardProp" in e ? e.shouldForwardProp : t.shouldForwardProp, l = null !== (o = e.stylisPlugins) && void 0 !== o ? o : t.stylisPlugins;
		return ut = r !== at || i ? {
			shouldForwardProp: i,
			styleSheet: lt,
			stylis: r,
			stylisPlugins: l
		} : null, e.children;
	}
	const r = gt(), { styleSheet: i } = r, l = t.useMemo(() => {
		let t = i;
		return e.sheet ? t = e.sheet : e.target ? t = t.reconstructWithOptions(void 0 !== e.nonce ? {
			target: e.target,
			nonce: e.nonce
		} : { target: e.target }, !1) : void 0 !== e.nonce && (t = t.reconstructWithOptions({ nonce: e.nonce })), e.disableCSSOMInjection && (t = t.reconstructWithOptions({ useCSSOMInjection: !1 })), t;
	}, [
		e.disableCSSOMInjection,
		e.nonce,
		e.sheet,
		e.target,
		i
	]), a = t.useMemo(() => {
		var t;
		return void 0 === e.stylisPlugins && void 0 === e.namespace && void 0 === e.enableVendorPrefixes ? r.stylis : ot({
			options: {
				namespace: e.namespace,
				prefix: e.enableVendorPrefixes
			},
			plugins: null !== (t = e.stylisPlugins) && void 0 !== t ? t : r.stylisPlugins
		});
	}, [
		e.enableVendorPrefixes,
		e.namespace,
		e.stylisPlugins,
		r.stylis,
		r.stylisPlugins
	]), c = "shouldForwardProp" in e ? e.shouldForwardProp : r.shouldForwardProp, u = null !== (s = e.stylisPlugins) && void 0 !== s ? s : r.stylisPlugins, d = t.useMemo(() => ({
		shouldForwardProp: c,
		styleSheet: l,
		stylis: a,
		stylisPlugins: u
	}), [
		c,
		l,
		a,
		u
	]);
	return t.createElement(ft.Provider, { value: d }, e.children);
}
var vt = m ? {
	Provider: ({ children: e }) => e,
	Consumer: ({ children: e }) => e(void 0)
} : t.createContext(void 0);
vt.Consumer;
function St(e) {
	if (m) return e.children;
	const n = t.useContext(vt), o = t.useMemo(() => function(e, t) {
		if (!e) throw i(14);
		if (ie(e)) {
			const n = e(t);
			if ("production" !== process.env.NODE_ENV && (null === n || Array.isArray(n) || "object" != typeof n)) throw i(7);
			return n;
		}
		if (Array.isArray(e) || "object" != typeof e) throw i(8);
		return t ? Object.assign(Object.assign({}, t), e) : e;
	}(e.theme, n), [e.theme, n]);
	return e.children ? t.createElement(vt.Provider, { value: o }, e.children) : null;
}
var Nt = {};
function Ct(e, t) {
	const n = "string" != typeof e ? "sc" : T(e);
	Nt[n] = (Nt[n] || 0) + 1;
	const o = n + "-" + W(h + n + Nt[n]);
	return t ? t + "-" + o : o;
}
var Ot;
var Et = m && "production" !== process.env.NODE_ENV ? me(() => /* @__PURE__ */ new Map()) : null;
var Pt = m ? me(() => /* @__PURE__ */ new Map()) : null;
var At = /* @__PURE__ */ new Map();
function It(e) {
	let t = At.get(e);
	return t || (t = new RegExp("\\." + e + "(?![a-zA-Z0-9_-])", "g"), At.set(e, t)), t;
}
function xt(e, t) {
	for (let n = 0; n < t.length; n++) {
		const o = It(t[n]);
		o.lastIndex = 0, e = e.replace(o, ":where(." + t[n] + ")");
	}
	return e;
}
function _t(o, s, r) {
	const i = ae(o), l = o, a = !q(o), { attrs: u = _, componentId: d = Ct(s.displayName, s.parentComponentId), displayName: h = B(o) } = s, p = s.displayName && s.componentId ? T(s.displayName) + "-" + s.componentId : s.componentId || d, f = i && l.attrs ? l.attrs.concat(u).filter(Boolean) : u;
	let { shouldForwardProp: g } = s;
	if (i && l.shouldForwardProp) {
		const e = l.shouldForwardProp;
		if (s.shouldForwardProp) {
			const t = s.shouldForwardProp;
			g = (n, o) => e(n, o) && t(n, o);
		} else g = e;
	}
	const y = new Ke(r, p, i ? l.componentStyle : void 0);
	function v(o, s) {
		return function(o, s, r) {
			const { attrs: i, componentStyle: l, defaultProps: a, foldedComponentIds: u, styledComponentId: d, target: h } = o, p = m ? void 0 : t.useContext(vt), f = gt(), g = o.shouldForwardProp || f.shouldForwardProp;
			"production" !== process.env.NODE_ENV && t.useDebugValue && t.useDebugValue(d);
			const y = R(s, p, a) || (m ? void 0 : $), [v, w] = function(e, t, n) {
				const o = Object.assign(Object.assign({}, t), {
					className: void 0,
					theme: n
				});
				let s = null;
				const r = e.length > 1;
				for (let t = 0; t < e.length; t++) {
					const n = e[t], i = ie(n) ? n(r ? Object.assign({}, o) : o) : n;
					for (const e in i) "className" === e ? o.className = ce(o.className, i[e]) : "style" === e ? o.style = Object.assign(Object.assign({}, o.style), i[e]) : void 0 === i[e] ? e in o && (void 0 !== o[e] && (s || (s = [])).push(e), o[e] = void 0) : o[e] = i[e];
				}
				return "className" in t && "string" == typeof t.className && (o.className = ce(o.className, t.className)), [o, s];
			}(i, s, y), b = l.generateAndInjectStyles(v, f.styleSheet, f.stylis);
			"production" !== process.env.NODE_ENV && t.useDebugValue && t.useDebugValue(b), "production" !== process.env.NODE_ENV && o.warnTooManyClasses && o.warnTooManyClasses(b);
			const S = v.as || h, N = q(S), C = function(t, n, o, s, r, i) {
				const l = {};
				for (const a in t) "$" === a[0] || "as" === a || "theme" === a && t.theme === o || ("forwardedAs" === a ? void 0 !== t.forwardedAs && (l.as = t.forwardedAs) : void 0 === t[a] ? "className" === a || r || null !== i && -1 !== i.indexOf(a) || s && !s(a, n) || (l[a] = void 0) : s && !s(a, n) || (l[a] = t[a], s || "development" !== process.env.NODE_ENV || e(a) || (Ot || (Ot = /* @__PURE__ */ new Set())).has(a) || !q(n) || n.includes("-") || (Ot.add(a), console.warn(`styled-components: it looks like an unknown prop "${a}" is being sent through to the DOM, which will likely trigger a React console error. If you would like automatic filtering of unknown props, you can opt-into that behavior via \`<StyleSheetManager shouldForwardProp={...}>\` (connect an API like \`@emotion/is-prop-valid\`) or consider using transient props (\`$\` prefix for automatic filtering.)`))));
				return l;
			}(v, S, y, g, N, w);
			let E = ce(u, d);
			b && (E += " " + b), v.className && (E += " " + v.className), C[N && S.includes("-") ? "class" : "className"] = E, r && (C.ref = r);
			const P = createElement(S, C);
			if (m && b) {
				const e = Pt && Pt(), n = l.componentId + " " + b;
				let s = e && e.get(n);
				if (!s) {
					const o = function(e, t, n) {
						const o = t.split(" ");
						let s = "", r = e;
						for (; r;) {
							const t = n.names.get(r.componentId);
							if (t) {
								const n = [];
								for (let e = 0; e < o.length; e++) t.has(o[e]) && n.push(o[e]);
								if (n.length) {
									let t = "";
									for (let e = 0; e < n.length; e++) t += Ze(r, n[e]) || "";
									t && (r !== e && (t = xt(t, n)), s = t + s);
								}
							}
							r = r.baseStyle;
						}
						let i = "";
						if (s && n.keyframeIds.size > 0) {
							const e = n.getTag();
							for (const t of n.keyframeIds) {
								const o = n.names.get(t);
								if (!o) continue;
								let r = !1;
								for (const e of o) if (-1 !== s.indexOf(e)) {
									r = !0;
									break;
								}
								if (r) {
									const n = e.getGroup(O(t));
									n && (i += n);
								}
							}
						}
						return he(i + s);
					}(l, b, f.styleSheet);
					o && (s = t.createElement("style", {
						[c]: "",
						key: "sc-" + l.componentId,
						children: o
					}), e && e.set(n, s));
				}
				if (s) {
					if ("production" !== process.env.NODE_ENV && Et) {
						const e = Et(), t = (e.get(l.componentId) || 0) + 1;
						e.set(l.componentId, t), 1e3 === t && console.warn(`${t} instances of the styled component ${o.displayName || d} were rendered on one server-rendered page, so its styles repeat that many times in the HTML.\nThis is fine at normal sizes. To trim a very large list, style the items from one styled parent element (for example a \`& > li\` selector) and render plain children, so the whole list emits a single tag.\nIf items must differ, move the changing values into a style object with the attrs method so every copy is identical and compresses away.\nExample:\n  const Component = styled.div.attrs(props => ({\n    style: {\n      background: props.background,\n    },\n  }))\`width: 100%;\`\n\n  <Component />`);
					}
					return t.createElement(t.Fragment, null, s, P);
				}
			}
			return P;
		}(w, o, s);
	}
	v.displayName = h;
	let w = t.forwardRef(v);
	return w.attrs = f, w.componentStyle = y, w.displayName = h, w.shouldForwardProp = g, w.foldedComponentIds = i ? ce(l.foldedComponentIds, l.styledComponentId) : "", w.styledComponentId = p, w.target = i ? l.target : o, Object.defineProperty(w, "defaultProps", {
		get() {
			return this._foldedDefaultProps;
		},
		set(e) {
			this._foldedDefaultProps = i ? function(e, ...t) {
				for (const n of t) fe(e, n, !0);
				return e;
			}({}, l.defaultProps, e) : e;
		}
	}), "production" !== process.env.NODE_ENV && (x(h, p), w.warnTooManyClasses = ((e, t) => {
		let n = {}, o = !1;
		return (s) => {
			!o && (n[s] = !0, Object.keys(n).length >= 200) && (console.warn(`Over 200 classes were generated for component ${e}${t ? ` with the id of "${t}"` : ""}.\nConsider using the attrs method, together with a style object for frequently changed styles.\nExample:\n  const Component = styled.div.attrs(props => ({\n    style: {\n      background: props.background,\n    },\n  }))\`width: 100%;\`\n\n  <Component />`), o = !0, n = {});
		};
	})(h, p)), ge(w, () => `.${w.styledComponentId}`), a && re(w, o, {
		attrs: !0,
		componentStyle: !0,
		displayName: !0,
		foldedComponentIds: !0,
		shouldForwardProp: !0,
		styledComponentId: !0,
		target: !0
	}), w;
}
var $t = /* @__PURE__ */ new Set([
	"a",
	"abbr",
	"address",
	"area",
	"article",
	"aside",
	"audio",
	"b",
	"bdi",
	"bdo",
	"blockquote",
	"body",
	"button",
	"br",
	"canvas",
	"caption",
	"cite",
	"code",
	"col",
	"colgroup",
	"data",
	"datalist",
	"dd",
	"del",
	"details",
	"dfn",
	"dialog",
	"div",
	"dl",
	"dt",
	"em",
	"embed",
	"fieldset",
	"figcaption",
	"figure",
	"footer",
	"form",
	"h1",
	"h2",
	"h3",
	"h4",
	"h5",
	"h6",
	"header",
	"hgroup",
	"hr",
	"html",
	"i",
	"iframe",
	"img",
	"input",
	"ins",
	"kbd",
	"label",
	"legend",
	"li",
	"main",
	"map",
	"mark",
	"menu",
	"meter",
	"nav",
	"object",
	"ol",
	"optgroup",
	"option",
	"output",
	"p",
	"picture",
	"pre",
	"progress",
	"q",
	"rp",
	"rt",
	"ruby",
	"s",
	"samp",
	"search",
	"section",
	"select",
	"slot",
	"small",
	"span",
	"strong",
	"sub",
	"summary",
	"sup",
	"table",
	"tbody",
	"td",
	"template",
	"textarea",
	"tfoot",
	"th",
	"thead",
	"time",
	"tr",
	"u",
	"ul",
	"var",
	"video",
	"wbr",
	"circle",
	"clipPath",
	"defs",
	"ellipse",
	"feBlend",
	"feColorMatrix",
	"feComponentTransfer",
	"feComposite",
	"feConvolveMatrix",
	"feDiffuseLighting",
	"feDisplacementMap",
	"feDistantLight",
	"feDropShadow",
	"feFlood",
	"feFuncA",
	"feFuncB",
	"feFuncG",
	"feFuncR",
	"feGaussianBlur",
	"feImage",
	"feMerge",
	"feMergeNode",
	"feMorphology",
	"feOffset",
	"fePointLight",
	"feSpecularLighting",
	"feSpotLight",
	"feTile",
	"feTurbulence",
	"filter",
	"foreignObject",
	"g",
	"image",
	"line",
	"linearGradient",
	"marker",
	"mask",
	"path",
	"pattern",
	"polygon",
	"polyline",
	"radialGradient",
	"rect",
	"stop",
	"svg",
	"switch",
	"symbol",
	"text",
	"textPath",
	"tspan",
	"use"
]);
function Rt(e, t) {
	const n = [e[0]];
	for (let o = 0, s = t.length; o < s; o += 1) n.push(t[o], e[o + 1]);
	return n;
}
var kt = (e) => (Te.add(e), e);
function jt(e, ...t) {
	if (ie(e) || pe(e)) return kt(Ue(Rt(_, [e, ...t])));
	const n = e;
	return 0 === t.length && 1 === n.length && "string" == typeof n[0] ? Ue(n) : kt(Ue(Rt(n, t)));
}
function Tt(e, t, n = $) {
	if (!t) throw i(1, t);
	const o = (o, ...s) => e(t, n, jt(o, ...s));
	return o.attrs = (o) => Tt(e, t, Object.assign(Object.assign({}, n), { attrs: Array.prototype.concat(n.attrs, o).filter(Boolean) })), o.withConfig = (o) => Tt(e, t, Object.assign(Object.assign({}, n), o)), o;
}
var Dt = (e) => Tt(_t, e);
var Mt = Dt;
$t.forEach((e) => {
	Mt[e] = Dt(e);
});
var Vt = class {
	constructor(e, t) {
		this.instanceRules = /* @__PURE__ */ new Map(), this.rules = e, this.componentId = t, this.isStatic = function(e) {
			for (let t = 0; t < e.length; t += 1) {
				const n = e[t];
				if (ie(n) && !ae(n)) return !1;
			}
			return !0;
		}(e), je.registerId(this.componentId);
	}
	removeStyles(e, t) {
		this.instanceRules.delete(e), this.rebuildGroup(t);
	}
	renderStyles(e, t, n, o) {
		const s = this.componentId;
		if (this.isStatic) {
			if (n.hasNameForId(s, s + e)) this.instanceRules.has(e) || this.computeRules(e, t, n, o);
			else {
				const r = this.computeRules(e, t, n, o);
				n.insertRules(s, r.name, r.rules);
			}
			return;
		}
		const r = this.instanceRules.get(e);
		if (this.computeRules(e, t, n, o), !n.server && r) {
			const t = r.rules, n = this.instanceRules.get(e).rules;
			if (t.length === n.length) {
				let e = !0;
				for (let o = 0; o < t.length; o++) if (t[o] !== n[o]) {
					e = !1;
					break;
				}
				if (e) return;
			}
		}
		this.rebuildGroup(n);
	}
	computeRules(e, t, n, o) {
		const s = ue(Ue(this.rules, t, n, o)), r = {
			name: this.componentId + e,
			rules: o(s, "")
		};
		return this.instanceRules.set(e, r), r;
	}
	rebuildGroup(e) {
		const t = this.componentId;
		e.clearRules(t);
		for (const n of this.instanceRules.values()) e.insertRules(t, n.name, n.rules);
	}
};
var Ft = m && "production" !== process.env.NODE_ENV ? me(() => /* @__PURE__ */ new Map()) : null;
var Gt = m ? me(() => /* @__PURE__ */ new Map()) : null;
function zt(e, ...n) {
	const o = jt(e, ...n), s = `sc-global-${W(JSON.stringify(o))}`, r = new Vt(o, s);
	"production" !== process.env.NODE_ENV && x(s);
	const i = (e) => {
		const n = gt(), l = m ? void 0 : t.useContext(vt);
		let a;
		if (a = n.styleSheet.allocateGSInstance(s), "production" !== process.env.NODE_ENV && t.Children.count(e.children) && console.warn(`The global style component ${s} was given child JSX. createGlobalStyle does not render children.`), "production" !== process.env.NODE_ENV && o.some((e) => "string" == typeof e && -1 !== e.indexOf("@import")) && console.warn("Please do not use @import CSS syntax in createGlobalStyle at this time, as the CSSOM APIs we use in production do not handle it well. Instead, we recommend using a library such as react-helmet to inject a typical <link> meta tag to the stylesheet, or simply embedding it manually in your index.html <head> section for a simpler app."), (m || n.styleSheet.server) && function(e, t, n, o, s) {
			if (r.isStatic) r.renderStyles(e, w, n, s);
			else {
				const l = Object.assign(Object.assign({}, t), { theme: R(t, o, i.defaultProps) });
				r.renderStyles(e, l, n, s);
			}
		}(a, e, n.styleSheet, l, n.stylis), m) {
			const e = "undefined" == typeof window ? r.instanceRules.get(a) : void 0, n = e ? de(e.rules) : "";
			if (n) {
				if (r.instanceRules.delete(a), "production" !== process.env.NODE_ENV && Ft) {
					const e = Ft(), t = (e.get(s) || 0) + 1;
					e.set(s, t), 1e3 === t && console.warn(`${t} instances of the global style ${s} were rendered on one server-rendered page, so its styles repeat that many times in the HTML.\nA global style is normally mounted once, at the root of the app. Move it higher in the tree so it renders only once per page.`);
				}
				const e = Gt && Gt(), o = s + "\n" + n;
				let i = e && e.get(o);
				return i || (i = t.createElement("style", {
					key: s,
					"data-styled-global": s,
					children: he(n)
				}), e && e.set(o, i)), [i];
			}
		}
		return r.instanceRules.delete(a), null;
	};
	return t.memo(i);
}
var Xt = /^\s*<\/[a-z]/i;
var Zt = class {
	constructor({ nonce: e } = {}) {
		this._emitSheetCSS = () => {
			const e = this.instance.toString();
			if (!e) return "";
			const t = this.instance.options.nonce || Ae();
			return `<style ${ue([
				t && `nonce="${t}"`,
				`${c}="true"`,
				`${d}="${h}"`
			].filter(Boolean), " ")}>${e}</style>`;
		}, this.getStyleTags = () => {
			if (this.sealed) throw i(2);
			return this._emitSheetCSS();
		}, this.getStyleElement = () => {
			if (this.sealed) throw i(2);
			const e = this.instance.toString();
			if (!e) return [];
			const n = {
				[c]: "",
				[d]: h,
				dangerouslySetInnerHTML: { __html: e }
			}, o = this.instance.options.nonce || Ae();
			return o && (n.nonce = o), [t.createElement("style", Object.assign({}, n, { key: "sc-0-0" }))];
		}, this.seal = () => {
			this.sealed = !0;
		}, this.instance = new je({
			isServer: !0,
			nonce: e
		}), this.sealed = !1;
	}
	collectStyles(e) {
		if (this.sealed) throw i(2);
		return t.createElement(yt, { sheet: this.instance }, e);
	}
	interleaveWithNodeStream(e) {
		if (this.sealed) throw i(2);
		this.seal();
		const { Transform: t } = __require("stream"), { instance: n, _emitSheetCSS: o } = this, s = new t({ transform: function(e, t, s) {
			const r = e.toString(), i = o();
			if (n.clearTag(), Xt.test(r)) {
				const e = r.indexOf(">") + 1, t = r.slice(0, e), n = r.slice(e);
				this.push(t + i + n);
			} else this.push(i + r);
			s();
		} });
		if ("on" in e && "function" == typeof e.on && "pipe" in e) {
			const t = e;
			return t.on("error", (e) => {
				s.emit("error", e);
			}), t.pipe(s);
		}
		if ("pipe" in e && "function" == typeof e.pipe) return e.pipe(s);
		throw new Error("Unsupported stream type");
	}
};
"production" !== process.env.NODE_ENV && "undefined" != typeof navigator && "ReactNative" === navigator.product && console.warn("It looks like you've imported 'styled-components' on React Native.\nPerhaps you're looking to import 'styled-components/native'?\nRead more about this at https://styled-components.com/docs/basics#react-native");
var Qt = `__sc-${c}__`;
"production" !== process.env.NODE_ENV && "test" !== process.env.NODE_ENV && "undefined" != typeof window && (window[Qt] || (window[Qt] = 0), 1 === window[Qt] && console.warn("It looks like there are several instances of 'styled-components' initialized in this application. This may cause dynamic styles to not render properly, errors during the rehydration process, a missing theme prop, and makes your application bigger without good reason.\n\nSee https://styled-components.com/docs/faqs#why-am-i-getting-a-warning-about-several-instances-of-module-on-the-page for more info."), window[Qt] += 1);
`${c}`;
`${c}`;
export { zt as a, jt as i, St as n, Zt as r, Mt as t };
