"""Page ids, accession numbers, ISINs and CIKs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from filings.core.ids import (
    AccessionNumber,
    DocumentPageId,
    normalize_cik,
    normalize_isin,
    parse_accession,
    parse_page_id,
)

hex16 = st.text(alphabet="0123456789abcdef", min_size=16, max_size=16)


@given(docid=hex16, page=st.integers(min_value=1, max_value=99_999))
def test_nordic_page_ids_round_trip(docid: str, page: int) -> None:
    parsed = parse_page_id(f"{docid}_{page}")
    assert parsed == DocumentPageId(docid, page)
    assert str(parsed) == f"{docid}_{page}"


@given(digits=st.text(alphabet="0123456789", min_size=18, max_size=18), dashes=st.booleans())
def test_accession_numbers_round_trip(digits: str, dashes: bool) -> None:
    text = f"{digits[:10]}-{digits[10:12]}-{digits[12:]}" if dashes else digits
    parsed = parse_page_id(text)
    assert isinstance(parsed, AccessionNumber)
    assert parsed.compact == digits
    assert parse_accession(str(parsed)) == parsed


@given(
    digits=st.text(alphabet="0123456789", min_size=18, max_size=18),
    dashes=st.booleans(),
    page=st.integers(min_value=1, max_value=99_999),
)
def test_us_filing_page_ids_round_trip(digits: str, dashes: bool, page: int) -> None:
    dashed = f"{digits[:10]}-{digits[10:12]}-{digits[12:]}"
    parsed = parse_page_id(f"{dashed if dashes else digits}_{page}")
    assert parsed == DocumentPageId(dashed, page)
    assert str(parsed) == f"{dashed}_{page}"


def test_page_zero_and_garbage_are_not_page_ids() -> None:
    for text in (
        "abcdef0123456789_0",
        "abcdef012345678_1",
        "xyz",
        "",
        "0000320193-24-00012",
        "0000320193-24-000123_0",
        "0000320193-24-000123_",
        "0000320193-24-00012_3",
    ):
        assert parse_page_id(text) is None


@given(text=st.text(max_size=30))
def test_parse_page_id_never_raises(text: str) -> None:
    parse_page_id(text)


def test_isin_check_digit() -> None:
    assert normalize_isin("US0378331005") == "US0378331005"  # Apple
    assert normalize_isin("se0017486889") == "SE0017486889"  # Atlas Copco A
    assert normalize_isin("US0378331006") is None
    assert normalize_isin("AAPL") is None


def test_cik_forms() -> None:
    assert normalize_cik("320193") == normalize_cik("0000320193") == "0000320193"
    assert normalize_cik("CIK0001045810") == "0001045810"
    assert normalize_cik("12345678901") is None
    assert normalize_cik("AAPL") is None
