"""Parts of a page that only its prerendered HTML carries.

Most of a page never changes once it is in the browser: the menus' lists of links, the
sections of text, the footer. React still hydrates all of it, so its description, every
element and string, went into the page's script and was rebuilt in the phone's CPU before
the page answered a tap, though the browser already showed it from the HTML.

`server_html_parts` finds the largest parts of a page that hold nothing dynamic (no state,
no event, no value computed in the browser, nothing a component of the site's own renders)
and compiles each as `import.meta.env.SSR ? <the part> : <ServerHtml as="tag"/>`. The
prerender (React Router's server build, where SSR is true) writes the part into the HTML as
before; in the browser's build the condition is false, so the bundler drops the part and
what only it imports, and React adopts the prerendered element without looking inside it
(server_html.jsx). What the visitor sees, crawlers read and the page does without scripts is
the same HTML as before.

Only what React always renders is taken: children of HTML elements and fragments, and of
the site's components that always render their children. A branch of a condition or a
list from state can mount later in the browser, with nothing inside, so it is never taken.
"""

from __future__ import annotations

import reflex as rx
from reflex_base.components.component import BaseComponent, Component
from reflex_base.vars.base import LiteralVar, Var
from reflex_components_core.base.bare import Bare
from reflex_components_core.base.fragment import Fragment
from reflex_components_core.core.cond import Cond
from reflex_components_core.el.element import Element

from consultancy.framework.assets import shared_asset

# Elements a part may be: containers whose hydration does nothing but adopt the element, and
# links (React Router's Link renders an <a>; the site's links load documents, so a plain
# <a> the browser follows is what they do anyway). Not form controls, which React
# initialises while hydrating, nor head elements, which React 19 hoists.
PART_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "div", "dl", "figure", "footer", "header",
    "h1", "h2", "h3", "h4", "h5", "h6", "li", "nav", "ol", "p", "section", "ul", "a",
})  # fmt: skip
# The smallest part worth a placeholder (one element, about 40 bytes of script): elements
# in the part, itself included.
MIN_ELEMENTS = 3
# Components of the site's own that render their children unconditionally, inside one
# element (consultancy/framework/behaviour): what they wrap can be a part.
ALWAYS_RENDER_CHILDREN = frozenset({"DismissLayer", "ModalKeys", "Reveal"})
# React Router's Link (every `rx.el.a`): static when its props are; the server renders <a>.
STATIC_LIBRARIES = frozenset({"react-router"})

# True in React Router's server build (the prerender) and in development, where pages
# render in the browser only; false, and so dropped, in the browser's production build.
IN_SERVER_RENDER = Var(_js_expr="(import.meta.env.SSR||import.meta.env.DEV)", _var_type=bool)


class ServerHtml(rx.Component):
    library = shared_asset("server_html.jsx", __name__).importable_path
    tag = "ServerHtml"
    as_: rx.Var[str]

    @classmethod
    def create(cls, tag: str) -> Component:
        return super().create(as_=tag)


class ServerOnly(Cond):
    """`IN_SERVER_RENDER ? part : <ServerHtml/>`, the condition left bare (rx.cond wraps it
    in `isTrue(...)`, a call the bundler cannot fold away)."""

    @classmethod
    def of(cls, part: Component) -> Component:
        return Fragment.create(
            cls._create(
                children=[Fragment.create(part), Fragment.create(ServerHtml.create(_host_tag(part)))],
                cond=IN_SERVER_RENDER,
            )
        )


def _static_value(value: object) -> bool:
    if isinstance(value, Var):
        return isinstance(value, LiteralVar) and value._get_all_var_data() is None
    return True


def _static_self(component: BaseComponent) -> bool:
    """The component's own output is fixed at build time (its children aside)."""
    if isinstance(component, Bare):
        return _static_value(component.contents)
    if type(component) is Fragment:
        return True
    if not isinstance(component, Element) or component.event_triggers or component.style:
        return False
    if component.library is not None and component.library not in STATIC_LIBRARIES:
        return False
    return all(_static_value(var) for var in component._get_vars())


def _count_static(component: BaseComponent, counts: dict[int, int]) -> int:
    """Elements in the subtree if all of it is static, else -1; every subtree's figure is
    kept in `counts` (by id) for the walk that picks the parts."""
    own = _static_self(component)
    total = 0 if isinstance(component, (Bare, Fragment)) else 1
    for child in component.children:
        n = _count_static(child, counts)
        if n < 0:
            own = False
        else:
            total += n
    counts[id(component)] = total if own else -1
    return counts[id(component)]


def _host_tag(component: BaseComponent) -> str | None:
    """The HTML element React renders for `component`, if it is one."""
    if not isinstance(component, Element) or not isinstance(component.tag, str):
        return None
    if component.library is None:
        return component.tag
    return "a" if component.library == "react-router" and component.tag == "Link" else None


def _is_part(component: BaseComponent, counts: dict[int, int]) -> bool:
    return _host_tag(component) in PART_TAGS and counts[id(component)] >= MIN_ELEMENTS


def _always_renders_children(component: BaseComponent) -> bool:
    if type(component) is Fragment or isinstance(component, Element):
        return True
    return isinstance(component, Component) and component.tag in ALWAYS_RENDER_CHILDREN


def _replace_parts(component: BaseComponent, counts: dict[int, int]) -> int:
    """Swaps each largest static part below `component` for its server-only form."""
    if not _always_renders_children(component):
        return 0
    replaced = 0
    children = list(component.children)
    for i, child in enumerate(children):
        if _is_part(child, counts):
            children[i] = ServerOnly.of(child)
            replaced += 1
        else:
            replaced += _replace_parts(child, counts)
    component.children = children
    return replaced


def server_html_parts(page: Component) -> Component:
    """`page` with its largest static parts sent as prerendered HTML only (see above)."""
    counts: dict[int, int] = {}
    _count_static(page, counts)
    _replace_parts(page, counts)
    return page
