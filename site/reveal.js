// An app's page on the site shows itself as soon as its first board is drawn, while Python still runs the cells
// below it: Voici's page would keep everything behind its spinner ("Executing 5 of 27") until the last cell has
// run. A note at the foot of the screen says that the rest is still loading (a screen reader hears it), and goes
// once the rest is there. A lesson board that comes into view meanwhile is built after the rest
// (xlib/board/lazy.py), so that the game at the foot of the page, with a game kept from the last visit, is not
// kept waiting. When every cell has run, Voici moves the cells into its own panel, which scrolls in the page's
// place then: the student's scroll and keyboard focus stay where they were, and nothing on the screen moves.
// A page without a board shows as Voici shows it, at the end.
(() => {
  const templateText = window.update_loading_text;
  const templateDisplay = window.display_cells;
  const NOTE = "Loading the rest of the page…";
  // what the cells take from Voici's panel once in it
  const INHERITED = ["font-family", "font-size", "font-weight", "line-height", "color", "letter-spacing",
    "-webkit-font-smoothing"];
  let running = 0;        // the cell Voici is running: the cells above it have run
  let early = false;      // shown before the last cell ran
  let done = false;
  let note = null;

  const cells = () => document.getElementById("rendered_cells");

  /** Whether the page's first board has drawn its position (its canvas says so), in a cell that has run. */
  function firstBoardDrawn() {
    const canvas = cells()?.querySelector(".xlib-board canvas");
    const cell = canvas?.closest("[cell-index]");
    return Boolean(cell) && canvas.hasAttribute("data-drawn") && Number(cell.getAttribute("cell-index")) < running;
  }

  function showEarly() {
    early = true;
    window.xlibPageLoading = true;   // lessons further down wait for the rest to be built (xlib/board/lazy.py)
    document.getElementById("loading")?.remove();
    // Voici's panel, still empty, covers the page until it takes the cells; the cells have the text's look they
    // will have in it (the widgets take their font from it) and its place, so that nothing moves then
    const panel = document.getElementById("main");
    if (panel) {
      const [inPanel, inPage] = [getComputedStyle(panel), getComputedStyle(document.body)];
      for (const name of INHERITED) {
        if (inPanel.getPropertyValue(name) !== inPage.getPropertyValue(name)) {
          cells().style.setProperty(name, inPanel.getPropertyValue(name));
        }
      }
      panel.style.display = "none";
    }
    document.body.style.margin = "0";
    cells().style.display = "";
    note = document.createElement("div");
    note.className = "xlib-page-loading";
    note.setAttribute("role", "status");
    // a thin strip along the screen's foot, so that it hides no button of the first board on a phone
    note.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:1000;text-align:center;" +
      "background:#1f2937;color:#fff;padding:2px 8px;font:13px/1.4 system-ui,sans-serif;pointer-events:none";
    note.textContent = NOTE;
    document.body.appendChild(note);
  }

  function watch() {
    if (done || early) return;
    if (window.themeLoaded && firstBoardDrawn()) showEarly();
    else setTimeout(watch, 40);
  }

  window.update_loading_text = (index, count, text) => {
    running = index;
    if (!early) templateText(index, count, text);
  };

  /** Put back the scroll and the focus the cells had, as soon as Voici's panel has taken them (before the page is
   * drawn again): until the panel lays them out, they fill the window, as they will then. */
  function keep(top, focused) {
    const node = cells();
    if (!node) return;
    const moved = new MutationObserver(() => {
      if (!node.isConnected || node.parentElement === document.body) return;
      moved.disconnect();
      Object.assign(node.style, { position: "absolute", top: "0", left: "0", width: "100%", height: "100%" });
      node.scrollTop = top;
      if (focused && focused !== document.body && focused.isConnected && document.activeElement !== focused) {
        focused.focus({ preventScroll: true });
      }
    });
    moved.observe(document.body, { childList: true, subtree: true });
  }

  window.display_cells = () => {
    const top = document.scrollingElement.scrollTop;
    const focused = document.activeElement;
    if (early && window.themeLoaded) document.getElementById("main")?.style.removeProperty("display");
    templateDisplay();
    if (!window.themeLoaded) return;   // the template shows the cells once the theme is there, calling this again
    done = true;
    note?.remove();
    if (!early) return;
    keep(top, focused);
    window.xlibPageLoading = false;
    window.dispatchEvent(new Event("xlib-page-whole"));
  };

  watch();
})();
