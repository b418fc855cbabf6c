import { t as Mt } from "./styled--U6fbGZ2.js";
import { a as canHover, i as useThemeMode } from "../prerender.js";
import { Link } from "react-router-dom";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/services/config.ts
/**
* Where consent needs opt-in by default: the EU (with its outermost regions that have their own ISO codes: French
* Guiana, Guadeloupe, Martinique, Mayotte, Réunion, Saint-Martin and Åland), the rest of the EEA (Iceland,
* Liechtenstein, Norway), the United Kingdom and Switzerland.
*/
var defaultConsentRegions = [
	"AT",
	"BE",
	"BG",
	"HR",
	"CY",
	"CZ",
	"DK",
	"EE",
	"FI",
	"FR",
	"DE",
	"GR",
	"HU",
	"IE",
	"IT",
	"LV",
	"LT",
	"LU",
	"MT",
	"NL",
	"PL",
	"PT",
	"RO",
	"SK",
	"SI",
	"ES",
	"SE",
	"GF",
	"GP",
	"MQ",
	"YT",
	"RE",
	"MF",
	"AX",
	"IS",
	"LI",
	"NO",
	"GB",
	"CH"
];
/** Defaults: the reference server's mount points on this origin. */
var referenceServerPaths = {
	astro: "/astro",
	subscription: "/subs",
	ipLookup: "/ip/json"
};
/** An absolute URL (another origin) or a path on this origin; no trailing slash. */
function baseUrl(name, value, fallback) {
	if (value === void 0 || value === "") return fallback;
	if (/^\/(?!\/)/.test(value)) return value.replace(/\/+$/, "");
	try {
		const parsed = new URL(value);
		if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error("not http(s)");
		return parsed.toString().replace(/\/+$/, "");
	} catch {
		throw new Error(`Configuration: ${name} must be an http(s) URL or a path starting with "/", got "${value}"`);
	}
}
function positiveInt(name, value, fallback) {
	if (value === void 0 || value === "") return fallback;
	const n = Number(value);
	if (!Number.isInteger(n) || n <= 0) throw new Error(`Configuration: ${name} must be a positive integer, got "${value}"`);
	return n;
}
function flag(name, value, fallback) {
	if (value === void 0 || value === "") return fallback;
	if (value === "true") return true;
	if (value === "false") return false;
	throw new Error(`Configuration: ${name} must be "true" or "false", got "${value}"`);
}
function oneOf(name, value, allowed, fallback) {
	if (value === void 0 || value === "") return fallback;
	const found = allowed.find((a) => a === value);
	if (found === void 0) throw new Error(`Configuration: ${name} must be one of ${allowed.map((a) => `"${a}"`).join(", ")}, got "${value}"`);
	return found;
}
function digits(name, value) {
	if (value === void 0 || value === "") return "";
	if (!/^\d{1,32}$/.test(value)) throw new Error(`Configuration: ${name} must be the pixel's id (digits only), got "${value}"`);
	return value;
}
/** Comma-separated ISO 3166-1 alpha-2 country codes (spaces around a code allowed, any case); unset = the fallback. */
function countryCodes(name, value, fallback) {
	if (value === void 0 || value.trim() === "") return fallback;
	return value.split(",").map((part) => {
		const code = part.trim().toUpperCase();
		if (!/^[A-Z]{2}$/.test(code)) throw new Error(`Configuration: ${name} must be comma-separated two-letter country codes, got "${value}"`);
		return code;
	});
}
/** A host name (with an optional port), as `location.host` shows it; '' = none. */
function hostName(name, value) {
	if (value === void 0 || value === "") return "";
	if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i.test(value)) throw new Error(`Configuration: ${name} must be a host name such as "app.example.com", got "${value}"`);
	return value.toLowerCase();
}
function readConfig(env) {
	return {
		placesApiUrl: baseUrl("VITE_PLACES_API_URL", env.VITE_PLACES_API_URL, ""),
		astroApiUrl: baseUrl("VITE_ASTRO_API_URL", env.VITE_ASTRO_API_URL, referenceServerPaths.astro),
		subscriptionApiUrl: baseUrl("VITE_SUBSCRIPTION_API_URL", env.VITE_SUBSCRIPTION_API_URL, referenceServerPaths.subscription),
		ipLookupUrl: baseUrl("VITE_IP_LOOKUP_URL", env.VITE_IP_LOOKUP_URL, referenceServerPaths.ipLookup),
		ipLookupKey: env.VITE_IP_LOOKUP_KEY ?? "",
		requestTimeoutMs: positiveInt("VITE_REQUEST_TIMEOUT_MS", env.VITE_REQUEST_TIMEOUT_MS, 8e3),
		testOffers: flag("VITE_TEST_OFFERS", env.VITE_TEST_OFFERS, false),
		metaPixelId: digits("VITE_META_PIXEL_ID", env.VITE_META_PIXEL_ID),
		consentDefault: oneOf("VITE_CONSENT_DEFAULT", env.VITE_CONSENT_DEFAULT, ["granted", "denied"], "granted"),
		consentRegions: countryCodes("VITE_CONSENT_OPT_IN_REGIONS", env.VITE_CONSENT_OPT_IN_REGIONS, defaultConsentRegions),
		debugHost: hostName("VITE_DEBUG_HOST", env.VITE_DEBUG_HOST)
	};
}
var config = readConfig({
	"BASE_URL": "/",
	"DEV": false,
	"MODE": "production",
	"PROD": true,
	"SSR": true
});
// src/shared/consent-keys.ts
/** localStorage key of the visitor's privacy choice (its shape `{ analytics, advertising, remoteConfig }` is kept across versions). */
var consentStorageKey = "astrelle:consent";
/**
* localStorage key of the region last found ('opt-in' or 'opt-out', never the country): a page that loads no session
* (a payment return) still knows it, so a visitor who was not asked is not asked there either. Written once a page's
* session is ready (on a public page: the visit saved with its IP lookup, and the session read back).
*/
var consentRegionKey = "astrelle:consent-region";
// src/app/shell/consent.ts
var allOn = {
	analytics: true,
	advertising: true,
	remoteConfig: true
};
var allOff = {
	analytics: false,
	advertising: false,
	remoteConfig: false
};
/** The region of a country: unknown ('' or null, the lookup found none) counts as opt-in, to be safe. */
function consentRegionOf(countryCode, optInRegions) {
	const code = (countryCode ?? "").trim().toUpperCase();
	return code === "" || optInRegions.includes(code) ? "opt-in" : "opt-out";
}
function readStored(storage) {
	try {
		const raw = storage?.getItem(consentStorageKey);
		const stored = raw ? JSON.parse(raw) : null;
		if (typeof stored !== "object" || stored === null) return null;
		const record = stored;
		if (![
			"analytics",
			"advertising",
			"remoteConfig"
		].some((key) => typeof record[key] === "boolean")) return null;
		const pick = (key) => typeof record[key] === "boolean" ? record[key] : true;
		return {
			analytics: pick("analytics"),
			advertising: pick("advertising"),
			remoteConfig: pick("remoteConfig")
		};
	} catch {
		return null;
	}
}
function readRegion(storage) {
	try {
		const raw = storage?.getItem(consentRegionKey);
		return raw === "opt-in" || raw === "opt-out" ? raw : "pending";
	} catch {
		return "pending";
	}
}
/**
* The privacy choices as a small observable store. Before the visitor answers, the default comes from the build:
* `granted` (spec §9) turns everything on; `denied` turns everything off for a visitor in an opt-in region (and while
* the region is not known yet), who is then asked once, and on for everyone else. A stored answer always wins, and
* Global Privacy Control always keeps advertising off.
*/
function createConsentStore(options) {
	const gpc = options.globalPrivacyControl;
	let stored = readStored(options.storage);
	let region = readRegion(options.storage);
	const listeners = /* @__PURE__ */ new Set();
	const compute = () => {
		const byDefault = options.defaultMode === "granted" || region === "opt-out" ? allOn : allOff;
		const chosen = stored ?? byDefault;
		return {
			consent: {
				...chosen,
				advertising: chosen.advertising && !gpc
			},
			answered: stored !== null,
			ask: stored === null && options.defaultMode === "denied" && region === "opt-in",
			settled: stored !== null || options.defaultMode === "granted" || region === "opt-out",
			region,
			globalPrivacyControl: gpc
		};
	};
	let state = compute();
	const update = () => {
		const next = compute();
		if (next.answered === state.answered && next.ask === state.ask && next.settled === state.settled && next.region === state.region && Object.keys(next.consent).every((key) => next.consent[key] === state.consent[key])) return;
		state = next;
		for (const listener of [...listeners]) listener(state);
	};
	return {
		get: () => state,
		subscribe(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		set(consent) {
			stored = {
				analytics: consent.analytics,
				advertising: consent.advertising,
				remoteConfig: consent.remoteConfig
			};
			try {
				options.storage?.setItem(consentStorageKey, JSON.stringify(stored));
			} catch {}
			update();
		},
		setCountry(countryCode) {
			region = consentRegionOf(countryCode, options.optInRegions);
			try {
				options.storage?.setItem(consentRegionKey, region);
			} catch {}
			update();
		}
	};
}
function browserStorage() {
	try {
		return typeof window === "undefined" ? null : window.localStorage;
	} catch {
		return null;
	}
}
function browserGlobalPrivacyControl() {
	return typeof navigator !== "undefined" && navigator.globalPrivacyControl === true;
}
var shared = null;
/** The page's one store (this browser's storage and Global Privacy Control, the build's default and regions). */
function consentStore() {
	shared ??= createConsentStore({
		defaultMode: config.consentDefault,
		optInRegions: config.consentRegions,
		storage: browserStorage(),
		globalPrivacyControl: browserGlobalPrivacyControl()
	});
	return shared;
}
// src/app/shell/menu-drawer.tsx
var Drawer = Mt.dialog`
  margin: 0 0 0 auto;
  height: 100dvh;
  max-height: 100dvh;
  width: min(${310}px, 86vw);
  max-width: ${310}px;
  padding: 20px;
  border: 0;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  box-shadow: -12px 0 40px ${({ theme }) => theme.colors.shadow};
  &::backdrop { background: ${({ theme }) => theme.colors.backdrop}; }
`;
var Top = Mt.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  margin-bottom: 16px;
  h2 { font-size: 20px; }
`;
var Close = Mt.button`
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 12px;
  background: transparent;
  font-size: 28px;
  line-height: 1;
  cursor: pointer;
  ${canHover} { &:hover { background: ${({ theme }) => theme.colors.tint}; } }
`;
var Links = Mt.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 24px;
  display: grid;
  gap: 4px;
  a {
    display: block;
    padding: 12px 8px;
    border-radius: 10px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-weight: 600;
  }
  ${canHover} { a:hover { background: ${({ theme }) => theme.colors.tint}; } }
`;
var ThemeChoice = Mt.fieldset`
  margin: 0 0 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  padding: 8px 12px 12px;
  legend { padding: 0 6px; font-weight: 600; }
  label { display: flex; gap: 12px; align-items: center; min-height: 44px; cursor: pointer; }
`;
/**
* A privacy choice: a check box drawn as a switch (track and knob, in the brand's colour when on). It stays a check
* box for assistive technology, which announces it checked or not checked.
*/
var Switch = Mt.input.attrs({ type: "checkbox" })`
  appearance: none;
  flex: none;
  position: relative;
  width: 44px;
  height: 26px;
  margin: 0 0 0 auto;
  border-radius: 13px;
  border: 2px solid ${({ theme }) => theme.colors.controlBorder};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  cursor: pointer;
  transition: background-color 120ms ease, border-color 120ms ease;
  &::before {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 16px;
    height: 16px;
    margin: 0;
    border: 0;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.controlBorder};
    transform: none;
    transition: transform 120ms ease;
  }
  &:checked { background: ${({ theme }) => theme.colors.brandStrong}; border-color: ${({ theme }) => theme.colors.brandStrong}; }
  &:checked::before { transform: translateX(18px); background: ${({ theme }) => theme.colors.onBrand}; }
  &:disabled { cursor: not-allowed; opacity: 0.55; }
`;
var Note = Mt.p`
  margin: 4px 0 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
`;
var links = [
	{
		to: "/privacy-policy",
		label: "Privacy Policy"
	},
	{
		to: "/terms-of-use",
		label: "Terms of Use"
	},
	{
		to: "/terms-of-use#subscription-terms",
		label: "Subscription Terms"
	},
	{
		to: "/terms-of-use#refund-policy",
		label: "Refund Policy"
	},
	{
		to: "/cookie-policy",
		label: "Cookie Policy"
	},
	{
		to: "/understanding-astrology",
		label: "Understanding Astrology"
	}
];
var choices = [
	{
		key: "analytics",
		label: "Analytics"
	},
	{
		key: "advertising",
		label: "Advertising"
	},
	{
		key: "remoteConfig",
		label: "Remote configuration"
	}
];
var modes = [
	{
		value: "light",
		label: "Light"
	},
	{
		value: "dark",
		label: "Dark"
	},
	{
		value: "system",
		label: "Same as device"
	}
];
/** The menu: a modal dialog (focus kept inside, Escape closes) with the legal links and the theme. */
function MenuDrawer({ open, onClose }) {
	const ref = useRef(null);
	useEffect(() => {
		const dialog = ref.current;
		if (!dialog) return;
		if (open && !dialog.open) dialog.showModal();
		if (!open && dialog.open) dialog.close();
	}, [open]);
	return /* @__PURE__ */ jsx(Drawer, {
		ref,
		"aria-label": "Menu",
		onClose,
		onClick: (e) => {
			if (e.target === ref.current) onClose();
		},
		children: open ? /* @__PURE__ */ jsx(DrawerContent, { onClose }) : null
	});
}
function DrawerContent({ onClose }) {
	const { mode, setMode } = useThemeMode();
	const store = consentStore();
	const { consent, globalPrivacyControl } = useSyncExternalStore(store.subscribe, store.get, store.get);
	return /* @__PURE__ */ jsxs(Fragment, { children: [
		/* @__PURE__ */ jsxs(Top, { children: [/* @__PURE__ */ jsx("h2", { children: "Menu" }), /* @__PURE__ */ jsx(Close, {
			type: "button",
			"aria-label": "Close menu",
			onClick: onClose,
			children: "×"
		})] }),
		/* @__PURE__ */ jsx("nav", {
			"aria-label": "Legal and help",
			children: /* @__PURE__ */ jsx(Links, { children: links.map((link) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, {
				to: link.to,
				onClick: onClose,
				children: link.label
			}) }, link.to)) })
		}),
		/* @__PURE__ */ jsxs(ThemeChoice, { children: [/* @__PURE__ */ jsx("legend", { children: "Theme" }), modes.map((m) => /* @__PURE__ */ jsxs("label", { children: [/* @__PURE__ */ jsx("input", {
			type: "radio",
			name: "theme-mode",
			value: m.value,
			checked: mode === m.value,
			onChange: () => setMode(m.value)
		}), m.label] }, m.value))] }),
		/* @__PURE__ */ jsxs(ThemeChoice, { children: [
			/* @__PURE__ */ jsx("legend", { children: "Privacy choices" }),
			choices.map((c) => {
				const heldOff = c.key === "advertising" && globalPrivacyControl;
				return /* @__PURE__ */ jsxs("label", { children: [c.label, /* @__PURE__ */ jsx(Switch, {
					checked: consent[c.key],
					disabled: heldOff,
					"aria-describedby": heldOff ? "gpc-note" : void 0,
					onChange: (e) => store.set({
						...consent,
						[c.key]: e.target.checked
					})
				})] }, c.key);
			}),
			globalPrivacyControl ? /* @__PURE__ */ jsx(Note, {
				id: "gpc-note",
				children: "Your browser asks sites not to share your data (Global Privacy Control), so advertising stays off."
			}) : null
		] })
	] });
}
export { MenuDrawer };
