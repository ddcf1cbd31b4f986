"""Revenue by product line and by segment as a report's own tables print it: built tables (groups,
a measure before the first row, a column of segment names, the cases the reader is unsure of)
and the corpus's PDF 10-Ks and Nordic annual reports, with amounts read on their pages."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from filings.companies.geography_tables import DocumentContext
from filings.companies.segment_tables import SegmentTable, read_segment_tables
from tests.conftest import unavailable
from tests.factories import pdf_pages

US = DocumentContext(2023, True)


def _read(text: str, context: DocumentContext = US) -> list[SegmentTable]:
    pages: list[tuple[str, int | None, str]] = [
        (f"d_{n}", n, page) for n, page in enumerate(text.split("\f"), start=1)
    ]
    return read_segment_tables(pages, context)


def _lines(table: SegmentTable) -> list[tuple[str, Decimal, str | None]]:
    return [(line.name, line.value, line.part_of) for line in table.lines]


GROUPED = """The following table presents our business segment information ($ in millions):
2023 2022
Revenue by reportable segment
Domestic $ 900 $ 800
International 100 90
Total revenue $ 1,000 $ 890
Revenue by product category
Domestic:
Computing $ 500 $ 450
Appliances 400 350
Total Domestic revenue $ 900 $ 800
International:
Computing $ 60 $ 50
Appliances 40 40
Total International revenue $ 100 $ 90
Operating income
Domestic $ 90 $ 80
International 10 9
Total operating income $ 100 $ 89
"""


def test_a_table_of_groups_each_closed_by_its_total() -> None:
    segments, products = _read(GROUPED)
    million = Decimal(10**6)
    assert (segments.axis, segments.title, segments.currency) == (
        "segments",
        "Revenue by reportable segment",
        "USD",
    )
    assert _lines(segments) == [
        ("Domestic", 900 * million, None),
        ("International", 100 * million, None),
    ]
    assert segments.total == 1000 * million and segments.period.year == 2023
    # the groups' totals, each before its rows; "Operating income" is the next table, not a group
    assert products.axis == "products" and products.total == 1000 * million
    assert _lines(products) == [
        ("Domestic", 900 * million, None),
        ("Computing", 500 * million, "Domestic"),
        ("Appliances", 400 * million, "Domestic"),
        ("International", 100 * million, None),
        ("Computing", 60 * million, "International"),
        ("Appliances", 40 * million, "International"),
    ]
    # the year before, in the report of that year
    earlier = _read(GROUPED, DocumentContext(2022, True))
    assert [t.total for t in earlier] == [890 * million, 890 * million]


def test_a_table_the_reader_is_unsure_of_gives_nothing() -> None:
    assert _read(GROUPED, DocumentContext(2021, True)) == []  # the year is not printed
    no_unit = GROUPED.replace(" ($ in millions)", "")
    assert _read(no_unit) == []
    # rows that do not add up to their total (one misread value): the table is left out
    misread = GROUPED.replace("International 100 90", "International 110 90")
    assert [t.axis for t in _read(misread)] == ["products"]
    # a group's rows that do not add up to the group's total leave out the whole table
    assert [t.axis for t in _read(GROUPED.replace("Appliances 400 350", "Appliances 410 350"))] == [
        "segments"
    ]
    # no printed total: nothing to check the rows against
    assert [t.axis for t in _read(GROUPED.replace("Total revenue $ 1,000 $ 890\n", ""))] == [
        "products"
    ]


def test_breakdowns_of_one_total_and_places_are_no_parts() -> None:
    # several breakdowns of the same net sales ("by contract type", "by customer"), each under a
    # line naming it: its first, products and services, under the measure's line, is read;
    # the others are no parts of it
    several = """Net sales by products and services, contract type and customer ($ in millions):
2023 2022
Net sales
Products $ 700 $ 600
Services 300 290
Total net sales $ 1,000 $ 890
Net sales by contract type
Fixed-price $ 800 $ 700
Cost-reimbursable 200 190
Total net sales $ 1,000 $ 890
"""
    (table,) = _read(several)
    assert [(n, int(v / 10**6), p) for n, v, p in _lines(table)] == [
        ("Products", 700, None),
        ("Services", 300, None),
    ]
    # without the measure's line the first breakdown is a group, as each other is: groups of one
    # total each are breakdowns of it, not parts
    assert _read(several.replace("Net sales\nProducts", "Products and services\nProducts")) == []
    places = """Revenue by segment ($ in millions)
2023 2022
United States $ 600 $ 500
Germany 400 390
Total $ 1,000 $ 890
"""
    assert _read(places) == []  # segments that are all places: revenue geography's


def test_the_measure_before_the_first_row_and_a_column_of_segments() -> None:
    # General Mills prints its segments' net sales under a lead-in, the measure before the first
    # segment's name, glued on one line
    glued = """Our operating segment results were as follows:
Fiscal Year
In Millions 2023 2022 2021 Net sales: North America Retail $ 11,572.0 $ 11,250.0 $ 10,978.1
International 3,315.7 3,656.8 3,365.1
Pet 2,259.4 1,732.4 1,694.6 North America Foodservice 1,845.7 1,487.8 1,588.8
Total $ 18,992.8 $ 18,127.0 $ 17,626.6 Operating profit: North America Retail $ 2,699.7 $ 2,725.9 \
$ 2,708.9
International 232.0 236.6 132.5
"""
    (table,) = _read(glued)
    assert table.axis == "segments"
    assert [(n, v / 10**6) for n, v, _ in _lines(table)] == [
        ("North America Retail", Decimal("11572.0")),
        ("International", Decimal("3315.7")),
        ("Pet", Decimal("2259.4")),
        ("North America Foodservice", Decimal("1845.7")),
    ]
    # Amcor prints each product's segment in a column between the name and the values
    column = """Capital expenditures by reportable segment were:
($ in millions) 2023 2022
Flexibles $ 384 $ 376
Rigid Packaging 133 136
Total capital expenditures $ 517 $ 512
Sales by major product were:
Years ended June 30,
($ in millions) Segment 2023 2022
Films and other flexible products Flexibles $ 10,061 $ 10,033
Containers, preforms, and closures Rigid Packaging 3,540 3,393
Net sales $ 13,601 $ 13,426
"""
    (sales,) = _read(column)
    assert (sales.axis, sales.title) == ("products", "Sales by major product were")
    assert [(n, int(v / 10**6)) for n, v, _ in _lines(sales)] == [
        ("Films and other flexible products", 10061),
        ("Containers, preforms, and closures", 3540),
    ]


# Read on each 10-K's page, millions of dollars: the fiscal year's lines (groups' totals before
# their rows) and the printed total.
Expected = tuple[int, int, str, list[tuple[str, str, str | None]], str]
FINANCEBENCH: dict[tuple[str, str], Expected] = {
    ("BESTBUY_2023_10K.pdf", "products"): (
        2023,
        63,
        "Revenue by product category",
        [
            ("Domestic", "42794", None),
            ("Computing and Mobile Phones", "18191", "Domestic"),
            ("Consumer Electronics", "13040", "Domestic"),
            ("Appliances", "6381", "Domestic"),
            ("Entertainment", "2786", "Domestic"),
            ("Services", "2149", "Domestic"),
            ("Other", "247", "Domestic"),
            ("International", "3504", None),
            ("Computing and Mobile Phones", "1575", "International"),
            ("Consumer Electronics", "1054", "International"),
            ("Appliances", "355", "International"),
            ("Entertainment", "267", "International"),
            ("Services", "183", "International"),
            ("Other", "70", "International"),
        ],
        "46298",
    ),
    ("BESTBUY_2019_10K.pdf", "segments"): (
        2019,
        89,
        "Revenue by reportable segment",
        [("Domestic", "39304", None), ("International", "3575", None)],
        "42879",
    ),
    ("AMCOR_2023_10K.pdf", "products"): (
        2023,
        102,
        "Sales by major product were",
        [
            ("Films and other flexible products", "10061", None),
            ("Specialty flexible folding cartons", "1093", None),
            ("Containers, preforms, and closures", "3540", None),
        ],
        "14694",
    ),
    ("AMCOR_2023_10K.pdf", "segments"): (
        2023,
        101,
        "The following table presents information about reportable segments",
        [("Flexibles", "11154", None), ("Rigid Packaging", "3540", None), ("Other", "0", None)],
        "14694",
    ),
    ("GENERALMILLS_2022_10K.pdf", "products"): (
        2022,
        85,
        "Net sales by class of similar products were as follows",
        [
            ("Snacks", "3960.9", None),
            ("Cereal", "2998.1", None),
            ("Convenient meals", "2988.5", None),
            ("Pet", "2260.1", None),
            ("Dough", "1986.3", None),
            ("Baking mixes and ingredients", "1843.6", None),
            ("Yogurt", "1714.9", None),
            ("Super-premium ice cream", "782.2", None),
            ("Other", "458.2", None),
        ],
        "18992.8",
    ),
    # segments as columns, their total last (Note 13, "Total Reportable Segments"; Netflix's
    # segment note, "Consolidated"), in thousands of dollars for Netflix
    ("VERIZON_2022_10K.pdf", "segments"): (
        2022,
        101,
        "The following tables provides operating financial information for our two reportable "
        "segments",
        [("Consumer", "103506", None), ("Business", "31072", None)],
        "134578",
    ),
    ("VERIZON_2021_10K.pdf", "segments"): (
        2021,
        98,
        "The following tables provides operating financial information for our two reportable "
        "segments",
        [("Consumer", "95300", None), ("Business", "31042", None)],
        "126342",
    ),
    ("NETFLIX_2017_10K.pdf", "segments"): (
        2017,
        61,
        "The following tables represent segment information for the year ended December 31, 2017",
        [
            ("Domestic Streaming", "6153.025", None),
            ("International Streaming", "5089.191", None),
            ("Domestic DVD", "450.497", None),
        ],
        "11692.713",
    ),
    ("NETFLIX_2015_10K.pdf", "segments"): (
        2015,
        61,
        "The following tables represent segment information for the year ended December 31, 2015",
        [
            ("Domestic Streaming", "4180.339", None),
            ("International Streaming", "1953.435", None),
            ("Domestic DVD", "645.737", None),
        ],
        "6779.511",
    ),
    # segments as columns under "Segment Revenues", revenue from external customers the first
    # row of revenue (page 101: the intersegment revenues are Blizzard's and left out)
    ("ACTIVISIONBLIZZARD_2019_10K.pdf", "segments"): (
        2019,
        101,
        "Information on the reportable segment net revenues and segment operating income are "
        "presented below (amounts in millions)",
        [("Activision", "2219", None), ("Blizzard", "1676", None), ("King", "2031", None)],
        "5926",
    ),
    # a note titled as the segments' data, the rows under its "Revenues:" line, a line that
    # reconciles them to the total among them (Boeing, page 62)
    ("BOEING_2022_10K.pdf", "segments"): (
        2022,
        62,
        "Summary of Business Segment Data",
        [
            ("Commercial Airplanes", "25867", None),
            ("Defense, Space & Security", "23162", None),
            ("Global Services", "17611", None),
            ("Boeing Capital", "199", None),
            ("Unallocated items, eliminations and other", "-231", None),
        ],
        "66608",
    ),
    ("BESTBUY_2017_10K.pdf", "segments"): (
        2017,
        88,
        "The following tables present our business segment information in fiscal 2017 , 2016 and "
        "2015 ($ in millions)",
        [("Domestic", "36248", None), ("International", "3155", None)],
        "39403",
    ),
    # a lead-in naming revenue by segment over the measure's line ("Net revenue:"), the segments
    # closed by revenue's total, "All Other" nil (AMD, MD&A page 41)
    ("AMD_2015_10K.pdf", "segments"): (
        2015,
        41,
        "The following table provides a summary of net revenue and operating income (loss) by "
        "segment and income (loss) before income taxes for 2015, 2014 and 2013",
        [
            ("Computing and Graphics", "1805", None),
            ("Enterprise, Embedded and Semi-Custom", "2186", None),
            ("All Other", "0", None),
        ],
        "3991",
    ),
    # "... for each of our business segments were as follows" over "Net sales" (MD&A page 39)
    ("LOCKHEEDMARTIN_2022_10K.pdf", "segments"): (
        2022,
        39,
        "Summary operating results for each of our business segments were as follows (in millions)",
        [
            ("Aeronautics", "26987", None),
            ("Missiles and Fire Control", "11317", None),
            ("Rotary and Mission Systems", "16148", None),
            ("Space", "11532", None),
        ],
        "65984",
    ),
    # each segment's lines closed by an unlabelled total, under a lead-in that names net revenues
    # by segment (MD&A page 38, thousands of dollars)
    ("MGMRESORTS_2022_10K.pdf", "segments"): (
        2022,
        38,
        "The following table presents a detail by segment of net revenues",
        [
            ("Las Vegas Strip Resorts", "8398.372", None),
            ("Casino", "2104.096", "Las Vegas Strip Resorts"),
            ("Rooms", "2729.715", "Las Vegas Strip Resorts"),
            ("Food and beverage", "2125.738", "Las Vegas Strip Resorts"),
            ("Entertainment, retail and other", "1438.823", "Las Vegas Strip Resorts"),
            ("Regional Operations", "3815.885", None),
            ("Casino", "2901.072", "Regional Operations"),
            ("Rooms", "284.213", "Regional Operations"),
            ("Food and beverage", "429.188", "Regional Operations"),
            (
                "Entertainment, retail and other, and reimbursed costs",
                "201.412",
                "Regional Operations",
            ),
            ("MGM China", "673.593", None),
            ("Casino", "567.573", "MGM China"),
            ("Rooms", "43.216", "MGM China"),
            ("Food and beverage", "49.312", "MGM China"),
            ("Entertainment, retail and other", "13.492", "MGM China"),
        ],
        "12887.850",
    ),
    ("GENERALMILLS_2022_10K.pdf", "segments"): (
        2022,
        84,
        "Our operating segment results were as follows",
        [
            ("North America Retail", "11572.0", None),
            ("International", "3315.7", None),
            ("Pet", "2259.4", None),
            ("North America Foodservice", "1845.7", None),
        ],
        "18992.8",
    ),
}


def test_a_lead_in_of_segments_over_rows_closed_by_revenue() -> None:
    # Amcor's segment note: a sentence leads into the table; its rows are closed by net sales,
    # a dash is nothing that year; the next block (another measure) is no table of revenue
    note = """The following table presents information about reportable segments. Intersegment
sales are not material.
Years ended June 30,
($ in millions) 2023 2022
Flexibles $ 11,154 $ 11,151
Rigid Packaging 3,540 3,393
Other — —
Net sales $ 14,694 $ 14,544
Adjusted EBIT
Flexibles 1,429 1,517
Rigid Packaging 265 289
Adjusted EBIT 1,694 1,806
"""
    (table,) = _read(note)
    assert (table.axis, table.title) == (
        "segments",
        "The following table presents information about reportable segments",
    )
    assert [(n, int(v / 10**6)) for n, v, _ in _lines(table)] == [
        ("Flexibles", 11154),
        ("Rigid Packaging", 3540),
        ("Other", 0),
    ]
    # rows closed by another measure's total are not revenue's
    assets = note.replace("Net sales $ 14,694 $ 14,544", "Total assets $ 14,694 $ 14,544")
    assert _read(assets) == []


# A segment note printing its segments as columns, each column's words on lines of their own as a
# PDF prints them; the segments are named as such in the text.
COLUMNS = """Our Retail segment sells goods. The Wholesale Services segment sells to stores.
The following tables present our segment information:
(dollars in millions)
2023 Retail Wholesale
Services
Total
Reportable
Segments
External revenues
Goods $ 700 $ — $ 700
Services 100 250 350
Total Operating Revenues(1) 800 250 1,050
Operating Income $ 80 $ 25 $ 105
(dollars in millions)
2022 Retail Wholesale
Services
Total
Reportable
Segments
Total Operating Revenues(1) 750 200 950
"""


def test_a_title_of_segment_data_over_the_measures_line() -> None:
    note = """Summary of Business Segment Data
(Dollars in millions)
Years ended December 31, 2023 2022
Revenues:
Aircraft $500 $400
Services 300 250
Unallocated items, eliminations and other (20) (10)
Total revenues $780 $640
Earnings from operations:
Aircraft $50 $40
Services 30 25
"""
    (table,) = _read(note)
    assert (table.axis, table.title) == ("segments", "Summary of Business Segment Data")
    assert [(n, int(v / 10**6), p) for n, v, p in _lines(table)] == [
        ("Aircraft", 500, None),
        ("Services", 300, None),
        ("Unallocated items, eliminations and other", -20, None),
    ]
    assert table.total == 780 * 10**6
    # the measure's line must stand right over the rows, under a title of segment data
    assert _read(note.replace("Revenues:\n", "")) == []
    assert _read(note.replace("Summary of Business Segment Data", "Summary of Data")) == []


def test_groups_closed_by_unlabelled_totals_under_a_lead_in_naming_revenue() -> None:
    note = """The following table presents a detail by segment of net revenues:
Year Ended December 31,
2023 2022
(In thousands)
Resorts
Casino $ 2,000 $ 1,500
Rooms 1,000 900
3,000 2,400
Regional
Casino 700 600
Rooms 300 200
1,000 800
Reportable segment net revenues 4,000 3,200
"""
    (table,) = _read(note)
    assert [(n, int(v / 10**3), p) for n, v, p in _lines(table)] == [
        ("Resorts", 3000, None),
        ("Casino", 2000, "Resorts"),
        ("Rooms", 1000, "Resorts"),
        ("Regional", 1000, None),
        ("Casino", 700, "Regional"),
        ("Rooms", 300, "Regional"),
    ]
    assert table.total == 4000 * 10**3
    # a group whose unlabelled total does not add up is not read
    assert _read(note.replace("1,000 800\n", "1,100 800\n")) == []
    # a lead-in naming a part of revenue ("Fios revenues", "Intersegment sales") is none
    for part in (
        "The following table provides Fios revenues for our two reportable segments:",
        "Intersegment sales for each of our business segments were as follows:",
    ):
        lead_in = "The following table presents a detail by segment of net revenues:"
        assert _read(note.replace(lead_in, part)) == []


def test_a_lead_in_for_each_segment_over_the_measures_line() -> None:
    note = """Sales and operating profit for each of our business segments were as follows (in
millions):
2023 2022
Net sales
Aircraft $ 500 $ 400
Missiles 300 250
Total net sales $ 800 $ 650
Operating profit
Aircraft $ 50 $ 40
Missiles 30 25
Total operating profit $ 80 $ 65
"""
    (table,) = _read(note)
    assert (table.axis, [(n, int(v / 10**6)) for n, v, _ in _lines(table)]) == (
        "segments",
        [("Aircraft", 500), ("Missiles", 300)],
    )
    assert table.total == 800 * 10**6


def test_segments_as_columns_over_their_total() -> None:
    (table,) = _read(COLUMNS)
    assert (table.axis, table.title, table.currency, table.period.year) == (
        "segments",
        "The following tables present our segment information",
        "USD",
        2023,
    )
    assert [(n, int(v / 10**6)) for n, v, _ in _lines(table)] == [
        ("Retail", 800),
        ("Wholesale Services", 250),
    ]
    assert table.total == 1050 * 10**6
    # the year before's table is read for that year
    (before,) = _read(COLUMNS, DocumentContext(2022, True))
    assert [int(v / 10**6) for _, v, _ in _lines(before)] == [750, 200]


def test_segments_as_columns_the_reader_is_unsure_of() -> None:
    # segments that do not add up to the total's column
    assert _read(COLUMNS.replace("800 250 1,050", "800 250 1,060")) == []
    # a column the text never names a segment: the header cannot be split into its segments
    unnamed = COLUMNS.replace("The Wholesale Services segment", "Our other unit")
    assert _read(unnamed) == []
    # no total's column after the segments
    assert _read(COLUMNS.replace("Total\nReportable\nSegments\n", "")) == []
    # a header printing two years is no one year's table
    assert _read(COLUMNS.replace("2023 Retail", "2023 2022 Retail")) == []


@pytest.mark.parametrize("key", sorted(FINANCEBENCH))
def test_financebench_10ks_tables(financebench_pdfs: Path, key: tuple[str, str]) -> None:
    name, axis = key
    year, page, title, lines, total = FINANCEBENCH[key]
    found = read_segment_tables(pdf_pages(financebench_pdfs / name), DocumentContext(year, True))
    table = next(t for t in found if t.axis == axis)  # the first in reading order
    million = Decimal(10**6)
    assert (table.title, table.page_number, table.currency) == (title, page, "USD")
    assert [(n, v / million, p) for n, v, p in _lines(table)] == [
        (n, Decimal(v), p) for n, v, p in lines
    ]
    assert table.total / million == Decimal(total)


def test_a_nordic_annual_reports_net_sales_by_type_of_income(corpus: Path) -> None:
    report = corpus / "nordic" / "reports" / "lifco" / "lifco-annual-report-2019.pdf"
    if not report.is_file():
        unavailable(f"the corpus at {corpus} has no Lifco annual report for 2019")
    segments, table = read_segment_tables(pdf_pages(report), DocumentContext(2019, True))
    # Note 5: the business areas' revenue from external customers, the rows segments the note's
    # text names ("the Dental operating segment"), over their total
    assert (segments.axis, segments.title, segments.page_number) == (
        "segments",
        "Revenue from external customers",
        60,
    )
    assert [(n, int(v / 10**6)) for n, v, _ in _lines(segments)] == [
        ("Dental", 4393),
        ("Demolition & Tools", 3610),
        ("Systems Solutions", 5842),
    ]
    assert segments.total == 13845 * 10**6
    # "Net sales by type of income", SEK million
    assert (table.axis, table.page_number, table.currency) == ("products", 60, "SEK")
    assert [(n, int(v / 10**6)) for n, v, _ in _lines(table)] == [
        ("Dental products", 4393),
        ("Machinery and tools", 3610),
        ("Environmental technology", 1855),
        ("Construction materials", 1192),
        ("Contract manufacturing", 1055),
        ("Service and Distribution", 882),
        ("Forest", 858),
    ]
    assert table.total == 13845 * 10**6


def test_which_financebench_documents_give_a_table(financebench_pdfs: Path, corpus: Path) -> None:
    documents = json.loads((corpus / "financebench" / "manifest.json").read_text())["documents"]
    read = set()
    for document in documents:
        context = DocumentContext(document["fiscal_year"], document["document_type"] == "10-K")
        pages = pdf_pages(corpus / "financebench" / document["path"])
        read |= {(document["path"], t.axis) for t in read_segment_tables(pages, context)}
    # every other document prints none the reader is sure of: Coca-Cola's shares, Lockheed
    # Martin's several breakdowns of one total; Boeing's 2018 note prints its unit a word a line
    assert sorted(read) == [
        ("pdfs/ACTIVISIONBLIZZARD_2019_10K.pdf", "segments"),
        ("pdfs/AMCOR_2023_10K.pdf", "products"),
        ("pdfs/AMCOR_2023_10K.pdf", "segments"),
        ("pdfs/AMD_2015_10K.pdf", "segments"),
        ("pdfs/BESTBUY_2017_10K.pdf", "segments"),
        ("pdfs/BESTBUY_2019_10K.pdf", "products"),
        ("pdfs/BESTBUY_2019_10K.pdf", "segments"),
        ("pdfs/BESTBUY_2023_10K.pdf", "products"),
        ("pdfs/BESTBUY_2023_10K.pdf", "segments"),
        ("pdfs/BOEING_2022_10K.pdf", "segments"),
        ("pdfs/GENERALMILLS_2019_10K.pdf", "products"),
        ("pdfs/GENERALMILLS_2020_10K.pdf", "products"),
        ("pdfs/GENERALMILLS_2022_10K.pdf", "products"),
        ("pdfs/GENERALMILLS_2022_10K.pdf", "segments"),
        ("pdfs/LOCKHEEDMARTIN_2020_10K.pdf", "segments"),
        ("pdfs/LOCKHEEDMARTIN_2021_10K.pdf", "segments"),
        ("pdfs/LOCKHEEDMARTIN_2022_10K.pdf", "products"),
        ("pdfs/LOCKHEEDMARTIN_2022_10K.pdf", "segments"),
        ("pdfs/MGMRESORTS_2022_10K.pdf", "segments"),
        ("pdfs/NETFLIX_2015_10K.pdf", "segments"),
        ("pdfs/NETFLIX_2017_10K.pdf", "segments"),
        ("pdfs/VERIZON_2021_10K.pdf", "segments"),
        ("pdfs/VERIZON_2022_10K.pdf", "segments"),
    ]
