"""One template for all 23 service pages, each fed by its file in data/services/."""

import reflex as rx

from consultancy.components.checklist import checklist
from consultancy.components.enquiry_form import enquiry_form
from consultancy.components.icons import icon
from consultancy.components.law_facts import glance_box
from consultancy.components.sources import law_review
from consultancy.components.ui import button_link, icon_card, page_hero, section
from consultancy.content import content
from consultancy.content.models import Service
from consultancy.law.public import facts_of, fill
from consultancy.templates.webpage import absolute_url, breadcrumbs, register


def _acts(service: Service) -> rx.Component:
    return rx.el.ul(
        *[
            rx.el.li(
                rx.el.h3(act.name, class_name="act__name"),
                rx.el.p(act.subtitle, class_name="act__subtitle"),
                rx.el.p(act.explanation, class_name="act__text"),
                class_name="act",
            )
            for act in service.acts
        ],
        class_name="acts",
    )


def _steps(service: Service) -> rx.Component:
    return rx.el.ol(
        *[
            rx.el.li(
                rx.el.span(icon(step.icon, size=22), class_name="timeline__icon"),
                rx.el.div(
                    rx.el.p(f"Step {n}", class_name="timeline__step"),
                    rx.el.h3(step.title, class_name="timeline__title"),
                    rx.el.p(step.description, class_name="timeline__text"),
                ),
                class_name="timeline__item",
            )
            for n, step in enumerate(service.steps, start=1)
        ],
        class_name="timeline",
    )


def _glance(service: Service) -> rx.Component:
    """The short box a business owner reads before calling, from the approvals' records."""
    data = content()
    facts = [facts_of(data.law.records[a], data.law) for a in service.glance.approvals]
    firm_fee = data.site.firm_fee or "On request: we quote once we have seen your project."
    return glance_box(service.glance, facts, firm_fee)


def _faqs(service: Service) -> rx.Component:
    # <details> opens and closes without any JavaScript, so the box adds none to the page.
    law = content().law
    return rx.el.div(
        rx.el.h3("Frequently asked questions", class_name="faq__title"),
        *[
            rx.el.details(
                rx.el.summary(faq.question, class_name="faq__q"), rx.el.p(fill(faq.answer, law)), class_name="faq"
            )
            for faq in service.faqs
        ],
        class_name="faqs",
    )


def service_body(service: Service) -> rx.Component:
    site = content().site
    return rx.fragment(
        page_hero(
            service.headline,
            service.subheading,
            image=service.hero_image,
            image_alt=service.hero_alt,
            actions=[
                button_link(service.primary_cta.text, service.primary_cta.link, icon_name="arrow-right"),
                button_link(
                    service.secondary_cta.text,
                    service.secondary_cta.link,
                    variant="ghost",
                    context=f"about {service.name}",
                ),
            ],
        ),
        section(
            service.overview_title,
            rx.el.div(*[rx.el.p(p) for p in service.overview], class_name="prose"),
            id="overview",
            eyebrow=service.name,
            extra_class="no-print",
        ),
        section(
            "At a glance",
            _glance(service),
            _faqs(service),
            id="at-a-glance",
            extra_class="no-print",
        ),
        section(
            "Benefits",
            rx.el.div(*[icon_card(b.icon, b.title, b.text) for b in service.benefits], class_name="grid grid--4"),
            id="benefits",
            tone="tint",
            extra_class="no-print",
        ),
        section(
            "Acts and rules covered",
            _acts(service),
            law_review(service.reviewed_label, service.sources),
            id="acts",
            extra_class="no-print",
        ),
        section("How we get it done", _steps(service), id="process", tone="tint", extra_class="no-print"),
        section(
            "Document checklist",
            checklist(service.checklist),
            id="checklist",
            lead="Tick off what you already have; the list stays on this page only.",
        ),
        rx.el.section(
            rx.el.div(
                rx.el.h2(f"Talk to us about {service.menu_name}", class_name="cta-band__title"),
                rx.el.div(
                    # The form is right below: the button goes to it, not to another page.
                    button_link(service.primary_cta.text, "#quick-form", variant="accent"),
                    button_link(f"Call {site.phone}", site.tel_href, variant="ghost-light"),
                    class_name="actions",
                ),
                enquiry_form(short=True, service=service.route),
                class_name="container cta-band__inner",
            ),
            class_name="cta-band no-print",
        ),
    )


def _service_data(service: Service) -> dict:
    site = content().site
    return {
        "@context": "https://schema.org",
        "@type": "Service",
        "name": service.name,
        "description": service.description,
        "serviceType": service.category,
        "areaServed": {"@type": "State", "name": "Odisha"},
        "url": absolute_url(service.path),
        "provider": {"@type": "ProfessionalService", "name": site.name, "url": site.site_url, "telephone": site.phone},
    }


def _faq_data(service: Service) -> dict:
    law = content().law
    return {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": [
            {
                "@type": "Question",
                "name": f.question,
                "acceptedAnswer": {"@type": "Answer", "text": fill(f.answer, law)},
            }
            for f in service.faqs
        ],
    }


def _register_all() -> None:
    for service in content().services:
        register(
            service.path,
            service.meta,
            lambda service=service: service_body(service),
            active="/services",
            structured_data=(
                _service_data(service),
                _faq_data(service),
                breadcrumbs(("Services", "/services"), (service.name, service.path)),
            ),
            preload_image=service.hero_image,
            live=True,
        )


_register_all()
