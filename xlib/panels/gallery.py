"""The gallery's cards, one per app, and the line that says where else the apps open.

Served (`make app`, Binder, a school's server), every card links its app. On the static site, where each page's
Python runs in the browser, the game apps link their pages there, and the labs (which need numpy and a shared
class database) say where they run instead of offering a dead link.
"""
from __future__ import annotations

import html
from dataclasses import dataclass

from .. import runtime

#: the game to learn first, and why: the simplest turn of the five (XAllies, the first card, has the most to learn)
FIRST = "x.ipynb"
FIRST_WHY = ("a turn is one stone on any empty cell, and stones never move or change colour (the computer plays "
             "the seats nobody takes). XAllies, the first card, has the most to learn: try it after one of the others")
#: the rules every game follows, in the repository
RULES = "docs/RULES.md"

CARD_STYLE = ("display:inline-block;vertical-align:top;width:250px;min-height:170px;margin:6px;padding:12px;"
              "border:1px solid #bbb;border-radius:8px;background:{colour}")
#: below 700 px (a phone) the cards run across the width one under the other, and a lab's card says it is made for
#: a laptop and a projector; on a touch screen every link and button of the page is a finger's size (44 px)
PHONE_STYLE = ("<style>.xlib-card{box-sizing:border-box;max-width:100%}.xlib-card-phone{display:none}"
               "@media (max-width:700px){.xlib-gallery .xlib-card{display:block !important;width:auto !important;"
               "min-height:0 !important;margin:8px 0 !important}.xlib-card-phone{display:block;margin:0 0 4px}}"
               "@media (pointer:coarse),(any-pointer:coarse){.xlib-card a,.xlib-first a{"
               "display:inline-block;min-height:44px;line-height:44px}.xlib-handouts button{min-height:44px}}"
               "</style>")
#: what a lab's card says on a phone
LAB_ON_PHONE = "Made for the teacher's laptop and the projector: open it there."


@dataclass(frozen=True)
class Card:
    """One app in the gallery: its notebook, what it is, and whether it is a lab (served apps only)."""
    title: str
    notebook: str
    colour: str
    text: str
    action: str = "Learn and play →"
    lab: bool = False


CARDS = [
    Card("XAllies", "xallies.ipynb", "#DDEFFA", "3–4 players. A mancala about alliances and waste: black pieces score "
         "only for pairs of colours, white pieces reward the individual."),
    Card("XAllies lab", "xallies-lab.ipynb", "#FFF3D6", "For the teacher: cooperation versus self-interest as "
         "experiments a class runs and discusses, with a lesson guide. <b>Start a class here</b> (class mode).",
         "Open the lab →", lab=True),
    Card("Alea Evangelion", "alea.ipynb", "#EDEDED", "2 players. Place a stone, or convert every enemy stone around "
         "one of yours; the newest stones are protected."),
    Card("XATS", "xats.ipynb", "#FBE3D6", "2–3 players. No board: stack hexagonal spiked tiles, and win when the "
         "spikes on your top tiles equal the tiles left in your tray."),
    Card("Xero-G", "xerog.ipynb", "#E3E8F8", "2 players, after Claude Leroy's Gyges. Fly ships across a 6×6 board, "
         "boosting off pyramids and reprogramming them, into the opponent's base."),
    Card("X", "x.ipynb", "#E6F2EA", "3 players, by Mark Steere. Claim the corners of a hex board; the largest count "
         "nobody else has wins, even with no corner at all."),
    Card("Three-player politics lab", "politics-lab.ipynb", "#FFF3D6", "For the teacher: who decides the winner when "
         "a player can no longer win? Play X as a class with the leader and the kingmaker marked, then pit "
         "self-interested, anti-leader, kingmaker and spoiler players against each other in X and XATS.",
         "Open the lab →", lab=True),
    Card("Is it fair?", "balance.ipynb", "#FFF3D6", "For the teacher: which seat wins most in each game, with ranges "
         "a class can read, and the komi that makes Alea Evangelion fair.", "Open the study →", lab=True),
]


def _a(href: str, text: str) -> str:
    return f'<a href="{html.escape(href, quote=True)}" target="_blank" rel="noopener">{text}</a>'


def _page(notebook: str, site: bool) -> str:
    """The address of an app's page from the gallery's: the notebook served, its page on the site."""
    return notebook.removesuffix(".ipynb") + ".html" if site else notebook


def _linked(href: str | None, text: str) -> str:
    return _a(href, text) if href else text


def card_html(card: Card, site: bool) -> str:
    """One card: a link to its app, or on the site a lab's note of where it runs, linked to how to run it there."""
    if site and card.lab:
        make_app = _linked(runtime.document("README.md", "two-commands", site),
                           "<code style='color:inherit'>make app</code>")
        binder = _linked(runtime.link("BINDER") or runtime.document("README.md", "binder", site), "on Binder")
        action = f'<span class="xlib-card-elsewhere"><i>Runs with {make_app} or {binder}</i></span>'
    else:
        # _self: the page's output renderer opens other links in a new tab, and a student stays in one
        action = f'<a href="{_page(card.notebook, site)}" target="_self"><b>{card.action}</b></a>'
    if card.lab:   # said on a phone only (PHONE_STYLE)
        action = f'<i class="xlib-card-phone">{LAB_ON_PHONE}</i>{action}'
    first = ' <span class="xlib-card-first" style="font-size:13px;font-weight:normal">(start here)</span>' \
        if card.notebook == FIRST else ""
    return (f'<div class="xlib-card" style="{CARD_STYLE.format(colour=card.colour)}"><h3 style="margin-top:0">'
            f"{card.title}{first}</h3><p>{card.text}</p>{action}</div>")


def first_html(site: bool) -> str:
    """The line over the cards: which game to learn first, and why."""
    card = next(c for c in CARDS if c.notebook == FIRST)
    start = f'<a href="{_page(card.notebook, site)}" target="_self">{card.title}</a>'
    return f'<p class="xlib-first" style="margin:4px 6px 8px"><b>New here? Start with {start}</b>: {FIRST_WHY}.</p>'


def rules_note(site: bool | None = None) -> str:
    """The sentence (Markdown) that says where the rules every game follows are, linked where they can be read:
    in the repository when it is configured, else on the static site the page it ships beside the apps."""
    site = runtime.on_site() if site is None else site
    href = runtime.document(RULES, site=site)
    where = f"[{RULES}]({href})" if href else f"`{RULES}` (in the project's folder)"
    return (f"Each game's rules follow {where} exactly; where the original rules left a gap, the decision is marked "
            f"*(ours)* and most can be changed with the game's options.")


def elsewhere_html(site: bool) -> str:
    """The line under the cards: where else these apps open (only the places that are configured), and on the
    site, what it leaves out."""
    parts = []
    binder = runtime.link("BINDER")
    published = runtime.link("SITE")
    if site:
        parts.append("This site runs every game in your browser, with nothing to install; the labs and class mode "
                     "need the apps served from a computer")
        if binder:
            parts.append(f"they open {_a(binder, 'on Binder')}")
    else:
        if binder:
            parts.append(f"These apps also open {_a(binder, 'on Binder')}, with nothing to install")
        if published:
            parts.append(f"the games also run {_a(published, 'in your browser, with no server')}")
    if not parts:
        return ""
    return f'<p class="xlib-elsewhere">{"; ".join(parts)}.</p>'


def gallery_html(site: bool | None = None) -> str:
    """The cards and the line under them, for the page this runs on (served, or the static site)."""
    site = runtime.on_site() if site is None else site
    cards = "".join(card_html(card, site) for card in CARDS)
    return f'{PHONE_STYLE}{first_html(site)}<div class="xlib-gallery">{cards}</div>{elsewhere_html(site)}'


def cards() -> object:
    """The gallery's cards, to show as a notebook cell's result."""
    from IPython.display import HTML

    return HTML(gallery_html())
