"""The enquiry form as the server checks it: every field's rule and message, the honeypot,
and hostile input (markup, a 100 KB message, Odia, SQL metacharacters, wrong types)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from consultancy.content import ContentError, load_content
from consultancy.content.contract import SERVICE_ROUTES
from consultancy.content.loader import DEFAULT_DATA_DIR
from consultancy.forms.enquiry_form import (
    HONEYPOT,
    LABELS,
    PHONE_MESSAGE,
    district_choices,
    indian_number,
    read_form,
    service_choices,
)
from consultancy.records.errors import FormInvalid, LooksAutomated

ODIA = "ଆମର କାରଖାନା ପାଇଁ ଅଗ୍ନି ନିରାପତ୍ତା ପ୍ରମାଣପତ୍ର ଦରକାର। ଖୋର୍ଦ୍ଧା ଜିଲ୍ଲା।"
SCRIPT = "<script>alert('x')</script><img src=x onerror=alert(1)>"
SQL = "Robert'); DROP TABLE enquiry;-- \" % _ \\ ; /* */"


def valid(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": "Asha Mohanty",
        "phone": "+91 98765 43210",
        "email": "asha@example.com",
        "organisation": "Kalinga Steel Pvt Ltd",
        "service": "fire-nocs",
        "district": "khordha",
        "message": "We need a fire NOC for a new warehouse.",
        "consent": "on",
        HONEYPOT: "",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not ...}


def errors_of(data: dict[str, object]) -> dict[str, str]:
    with pytest.raises(FormInvalid) as caught:
        read_form(data)
    return caught.value.errors


def test_a_valid_enquiry_is_read_and_normalised() -> None:
    form = read_form(valid(email="  Asha@Example.COM ", name="  Asha   Mohanty "))
    assert form.name == "Asha Mohanty"
    assert form.phone == "+919876543210"
    assert form.email == "asha@example.com"
    assert form.consent is True


def test_optional_fields_may_be_left_out() -> None:
    form = read_form(valid(organisation=..., district=..., message=..., **{HONEYPOT: ...}))
    assert form.organisation == "" and form.district == "" and form.message == ""


def test_a_blank_message_is_an_empty_one() -> None:
    assert read_form(valid(message="  \n ")).message == ""


@pytest.mark.parametrize(
    "typed",
    [
        "+91 98765 43210",
        "+919876543210",
        "98765 43210",
        "9876543210",
        "09876543210",
        "919876543210",
        "0091 98765 43210",
        "+91-98765-43210",
        "(+91) 98765 43210",
    ],
)
def test_indian_mobile_formats_become_plus_91_and_ten_digits(typed: str) -> None:
    assert read_form(valid(phone=typed)).phone == "+919876543210"


def test_a_landline_with_its_std_code_is_accepted() -> None:
    assert read_form(valid(phone="0674 254 1234")).phone == "+916742541234"


@pytest.mark.parametrize(
    "typed",
    [
        "12345",
        "98765 4321",
        "98765 432100",
        "+1 415 555 0100",
        "+92 98765 43210",
        "0000000000",
        "phone",
        9876543210,
    ],
)
def test_a_wrong_phone_number_says_what_to_type(typed: object) -> None:
    assert errors_of(valid(phone=typed)) == {"phone": PHONE_MESSAGE}
    assert "+91 98765 43210" in PHONE_MESSAGE


@pytest.mark.parametrize(
    "typed",
    ["asha", "asha@", "@example.com", "asha@example", "asha example@x.com", "a@b.c\nBcc: x@y.z", "<a@b.co>"],
)
def test_a_wrong_email_is_refused(typed: str) -> None:
    assert set(errors_of(valid(email=typed))) == {"email"}


def test_every_service_and_not_sure_are_accepted_and_nothing_else() -> None:
    values = [value for value, _ in service_choices()]
    assert values[0] == "not-sure" and len(values) == 24
    assert set(values) == set(SERVICE_ROUTES) | {"not-sure"}
    for value in values:
        assert read_form(valid(service=value)).service == value
    assert set(errors_of(valid(service="consent-to-establish"))) == {"service"}
    assert set(errors_of(valid(service=""))) == {"service"}


def test_thirty_districts_outside_odisha_or_none() -> None:
    values = [value for value, _ in district_choices()]
    assert len(values) == 31 and values[-1] == "outside-odisha"
    for value in [*values, ""]:
        assert read_form(valid(district=value)).district == value
    assert set(errors_of(valid(district="Khordha"))) == {"district"}


def test_consent_must_be_given_by_ticking() -> None:
    for unticked in (..., False, "", "off", "false", None, 0):
        assert set(errors_of(valid(consent=unticked))) == {"consent"}
    for ticked in ("on", True, "true"):
        assert read_form(valid(consent=ticked)).consent is True


def test_every_message_names_its_field_and_errors_come_in_page_order() -> None:
    errors = errors_of({"consent": ""})
    assert list(errors) == ["name", "phone", "email", "service", "consent"]
    wrong = errors_of(valid(organisation="x" * 201, district="nowhere", message=["not text"]))
    errors.update(wrong)
    for field, message in errors.items():
        word = LABELS[field].split(" (")[0].lower()
        assert word in message.lower(), (field, message)


def test_a_100_kb_message_is_refused_with_its_length_and_the_limit() -> None:
    message = errors_of(valid(message="x" * 102_400))["message"]
    assert message == ("Your message is too long: 1,02,400 characters, and the limit is 4,000. Please shorten it.")


def test_a_message_of_exactly_the_limit_is_accepted() -> None:
    assert len(read_form(valid(message="x" * 4000)).message) == 4000


def test_odia_text_is_accepted_exactly() -> None:
    form = read_form(valid(name="ଅଶା ମହାନ୍ତି", organisation="କଳିଙ୍ଗ ଇସ୍ପାତ", message=ODIA + "\n" + ODIA))
    assert form.name == "ଅଶା ମହାନ୍ତି"
    assert form.organisation == "କଳିଙ୍ଗ ଇସ୍ପାତ"
    assert form.message == ODIA + "\n" + ODIA


def test_markup_and_sql_are_kept_as_typed_not_interpreted() -> None:
    form = read_form(valid(name=SCRIPT[:100], organisation=SQL, message=SCRIPT + "\n" + SQL))
    assert form.name == SCRIPT[:100]
    assert form.organisation == " ".join(SQL.split())
    assert form.message == SCRIPT + "\n" + SQL


def test_control_characters_and_lone_surrogates_are_refused() -> None:
    assert set(errors_of(valid(name="Asha\x00Das"))) == {"name"}
    assert set(errors_of(valid(message="hello \x1b[31m red"))) == {"message"}
    assert set(errors_of(valid(organisation="bad \ud800 half"))) == {"organisation"}
    # Line breaks and tabs belong in a message; in a name they become spaces.
    assert read_form(valid(message="one\r\ntwo\tthree")).message == "one\ntwo\tthree"
    assert read_form(valid(name="Asha\nDas")).name == "Asha Das"


@pytest.mark.parametrize("wrong", [["Asha"], {"a": 1}, 42, b"bytes"])
def test_values_of_the_wrong_type_get_the_fields_message(wrong: object) -> None:
    errors = errors_of(valid(name=wrong, message=wrong, service=wrong, consent=wrong))
    assert set(errors) == {"name", "message", "service", "consent"}


def test_unknown_keys_are_ignored() -> None:
    assert read_form(valid(is_admin=True, status="closed")).name == "Asha Mohanty"


def test_not_a_mapping_is_every_field_missing() -> None:
    with pytest.raises(FormInvalid) as caught:
        read_form(["name", "phone"])  # type: ignore[arg-type]
    assert set(caught.value.errors) == set(LABELS)


@pytest.mark.parametrize("trap", ["https://spam.example", " x ", ["x"], 1])
def test_the_honeypot_refuses_politely_before_anything_else(trap: object) -> None:
    with pytest.raises(LooksAutomated) as caught:
        read_form({HONEYPOT: trap})
    assert "please call us" in caught.value.message.lower()


def test_indian_number_grouping() -> None:
    assert [indian_number(n) for n in (7, 4000, 102400, 12345678)] == ["7", "4,000", "1,02,400", "1,23,45,678"]


# --- data/enquiries.toml is validated like the rest of data/ --------------------------------


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_real_enquiry_settings_are_valid() -> None:
    settings = load_content().enquiries
    assert len(settings.districts) == 30
    assert settings.reference_prefix == "KSC"
    assert settings.message_max_length == 4000


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('  { slug = "puri", name = "Puri" },\n', "", "'districts'"),
        ('{ slug = "puri", name = "Puri" }', '{ slug = "cuttack", name = "Puri" }', "'districts'"),
        ('reference_prefix = "KSC"', 'reference_prefix = "ksc-"', "'reference_prefix'"),
        ("retention_months = 12", "retention_months = 0", "'retention_months'"),
        ("notice_version = 2026-11-27", 'notice_version = "soon"', "'notice_version'"),
        ("per_address_per_hour = 5", "per_address_per_hour = 5\nper_hour = 3", "'per_hour'"),
    ],
)
def test_a_broken_enquiry_settings_file_names_file_and_field(data_dir: Path, old: str, new: str, field: str) -> None:
    _edit(data_dir / "enquiries.toml", old, new)
    with pytest.raises(ContentError) as caught:
        load_content(data_dir)
    assert "enquiries.toml" in str(caught.value) and field in str(caught.value), str(caught.value)


def test_a_phone_number_or_an_email_address_is_enough_but_one_is_needed() -> None:
    only_phone = read_form(valid(email=""))
    assert only_phone.phone == "+919876543210" and only_phone.email == ""
    only_email = read_form(valid(phone=None))
    assert only_email.phone == "" and only_email.email
    neither = errors_of(valid(phone=" ", email=""))
    assert set(neither) == {"phone", "email"} and "one is enough" in neither["phone"]


def test_several_services_are_kept_in_the_lists_order_each_once() -> None:
    chosen = read_form(valid(service=["peso", "not-sure", "fire-nocs", "peso"]))
    order = [value for value, _ in service_choices()]
    assert list(chosen.services) == sorted({"peso", "not-sure", "fire-nocs"}, key=order.index)
    assert chosen.service == "not-sure"
    assert set(errors_of(valid(service=[]))) == {"service"}
    assert set(errors_of(valid(service=["peso", "nowhere"]))) == {"service"}
    assert set(errors_of(valid(service=["peso"] * 31))) == {"service"}


def test_a_submitted_form_with_several_ticked_services_keeps_them_all() -> None:
    from reflex_base.utils.form import FormData

    sent = FormData([*valid().items(), ("service", "fire-nocs"), ("service", "peso")])
    assert set(read_form(sent).services) >= {"fire-nocs", "peso"}
