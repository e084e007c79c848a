// The web canvas's page side: replays each frame of drawing calls on an HTML <canvas>, and sends back clicks,
// taps, keys and "ready" (xlib/board/webcanvas.py is the kernel side; xlib/board/calls.py lists the calls).

const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

// a path through points given as [[x, y], ...]
function trace(ctx, points) {
  ctx.beginPath();
  points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
}

// one call, drawn as ipycanvas draws it (the same paths, closed and filled in the same order)
function draw(ctx, canvas, name, a) {
  switch (name) {
    case "set": ctx[camel(a[0])] = a[1]; break;
    case "fill_circle": ctx.beginPath(); ctx.arc(a[0], a[1], a[2], 0, 2 * Math.PI); ctx.fill(); ctx.closePath(); break;
    case "stroke_circle": ctx.beginPath(); ctx.arc(a[0], a[1], a[2], 0, 2 * Math.PI); ctx.stroke(); ctx.closePath(); break;
    case "fill_polygon": trace(ctx, a[0]); ctx.closePath(); ctx.fill(); break;
    case "stroke_polygon": trace(ctx, a[0]); ctx.closePath(); ctx.stroke(); break;
    case "stroke_lines": trace(ctx, a[0]); ctx.stroke(); ctx.closePath(); break;
    case "stroke_line": trace(ctx, [[a[0], a[1]], [a[2], a[3]]]); ctx.stroke(); ctx.closePath(); break;
    case "clear": ctx.clearRect(0, 0, canvas.width, canvas.height); break;
    default: ctx[camel(name)](...a);   // fill_rect, arc, fill_text, save, scale, set_line_dash ...: the same call
  }
}

function render({ model, el }) {
  const canvas = document.createElement("canvas");
  canvas.setAttribute("tabindex", "0");   // it takes the keyboard's focus, as an ipycanvas canvas does
  el.appendChild(canvas);
  const ctx = canvas.getContext("2d");

  const size = () => {
    canvas.width = model.get("width");
    canvas.height = model.get("height");
  };
  const label = () => {
    const text = model.get("aria_label");
    if (text) {
      canvas.setAttribute("aria-label", text);
      canvas.setAttribute("role", "img");
    } else {
      canvas.removeAttribute("aria-label");
      canvas.removeAttribute("role");
    }
  };
  // The widget's own element only holds the canvas: its layout and its xlib- classes go to the <canvas>, which
  // then sits in the page as an ipycanvas canvas does (so the page's canvas.xlib-canvas rules reach it).
  const mirror = () => {
    const classes = (model.get("_dom_classes") || []).filter((c) => c.startsWith("xlib-"));
    if (canvas.className !== classes.join(" ")) canvas.className = classes.join(" ");
    for (const c of classes) if (el.classList.contains(c)) el.classList.remove(c);
    const hidden = el.style.display === "none";
    const style = [];
    for (let k = 0; k < el.style.length; k++) {
      const p = el.style[k];
      if (p !== "display") style.push(`${p}:${el.style.getPropertyValue(p)}`);
    }
    const text = style.join(";") + (hidden ? ";display:none" : ";display:block");
    if (canvas.style.cssText !== text) canvas.style.cssText = text;
    if (el.style.display !== "contents" && !hidden) el.style.display = "contents";
  };
  const watch = new MutationObserver(mirror);
  watch.observe(el, { attributes: true, attributeFilter: ["class", "style"] });
  size();
  label();
  mirror();

  const onMsg = (msg) => {
    if (!msg || !Array.isArray(msg.frame)) return;
    for (const [name, args] of msg.frame) draw(ctx, canvas, name, args);
    if (!canvas.hasAttribute("data-drawn")) canvas.setAttribute("data-drawn", "");   // the site's page shows then
  };
  // a point of the page in canvas pixels, however large CSS draws the canvas
  const at = (e) => {
    const r = canvas.getBoundingClientRect();
    return { x: canvas.width * (e.clientX - r.left) / r.width, y: canvas.height * (e.clientY - r.top) / r.height };
  };
  const send = (m) => model.send({ ...m, busy: Boolean(model.get("busy")) });
  const onDown = (e) => send({ event: "mouse_down", ...at(e) });   // the press itself gives the canvas the focus
  const onTouch = (e) => {   // a tap plays like a click; no mouse event follows it
    e.preventDefault();
    send({ event: "touch_start", touches: Array.from(e.touches).map(at) });
  };
  const onKey = (e) => {
    // Tab still moves the focus on, and the browser keeps its shortcuts
    if (e.key !== "Tab" && !e.ctrlKey && !e.metaKey && !e.altKey) e.preventDefault();
    send({ event: "key_down", key: e.key, shift_key: e.shiftKey, ctrl_key: e.ctrlKey, meta_key: e.metaKey });
  };
  canvas.addEventListener("mousedown", onDown);
  canvas.addEventListener("touchstart", onTouch, { passive: false });
  canvas.addEventListener("keydown", onKey);
  model.on("msg:custom", onMsg);
  model.on("change:width", size);
  model.on("change:height", size);
  model.on("change:aria_label", label);
  model.on("change:_dom_classes", mirror);
  model.send({ event: "client_ready" });   // a new view starts blank: the kernel paints it
  return () => {
    watch.disconnect();
    model.off("msg:custom", onMsg);
    model.off("change:width", size);
    model.off("change:height", size);
    model.off("change:aria_label", label);
    model.off("change:_dom_classes", mirror);
  };
}

export default { render };
