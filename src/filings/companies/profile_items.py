"""The issuer's own lists a profile shows as items: products and segments (headings under a
products heading, rows of a table of revenue by segment, names sentences give), a segment's
product lines, the critical accounting estimates it names, its named strategies, its kinds of
risk."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from filings.companies.geography import classify
from filings.companies.geography_tables import DocumentLine
from filings.companies.profile_document import BULLETS, Block, one_page
from filings.companies.profile_locale import tags_of
from filings.companies.profile_sentences import Item, Sentence, in_items, split_sentences, unique
from filings.companies.profile_vocabulary import (
    FURNITURE,
    HEADINGS,
    OFF_TOPIC,
    PEOPLE,
    PRODUCT_TABLE,
    SEGMENT_KINDS,
    SEGMENT_TABLE,
    TOPICS,
)

_CRITICAL_END = re.compile(
    r"results of operations|liquidity|recent accounting|executive (overview|summary)|"
    r"off-balance|contractual obligations|non-gaap|quantitative and qualitative|"
    r"management’s discussion|management's discussion|^item |new accounting|recently issued|"
    r"pronouncements|economic and market|other information|legal proceedings|segment$|operations "
    r"review|review of operations|additional information|"
    # the MD&A's parts after the estimates (Verizon's "Acquisitions and Divestitures")
    r"^acquisitions and divestitures$|^recent developments$|^subsequent events$|"
    # the notes' parts on standards adopted or to come (Amcor's)
    r"recently adopted|not yet adopted|adoption of new",
    re.IGNORECASE,
)

_LINES_END = re.compile(
    r"^(innovation|acquisitions?|divestments?|revenues?|net sales|orders|market|review|summary|"
    r"financial|profitability|operating|outlook|events|key figures|sales|employees|capital|"
    r"cash|dividend|parent|other|note|product development|board|ceo|president|the share|"
    r"directors|report|corporate governance)",
    re.IGNORECASE,
)

# A heading of an estimate's table or of its parts, not an estimate's name: a figure, a unit
# line ("(In millions)"), the columns of a 10-K's table of estimates ("Description", "Effect if
# actual results differ from assumptions").
_NOT_AN_ESTIMATE = re.compile(
    r"[$\d]|^\(|^(description|effects? if|judge?ments and uncertainties|less|total)\b|"
    # an estimate's own parts and a table's rows: "Sensitivity Analysis", "Practical
    # Expedients", "Leasehold land Over lease term"
    r"sensitivity analysis|practical expedients?|\bover (the )?(lease|useful) (term|lives?|life)\b",
    re.IGNORECASE,
)

# A paragraph that leads into a table or chart: the heading under it is the table's caption or
# column ("The following chart depicts the sensitivity of ..." / "Discount Rate"), no estimate.
_LEADS_INTO_TABLE = re.compile(r"\bthe following (table|chart|schedule|graph)s?\b", re.IGNORECASE)
_CRITICAL = re.compile(
    r"critical\s*accounting|significant (accounting )?(estimates|judge?ments)|estimates and "
    r"(judge?ments|assumptions)|bedömningar och uppskattningar|arviot ja harkin",
    re.IGNORECASE,
)


# A list item that opens with the name of what it describes: "•Facebook. Facebook helps give
# people ...", "Threads. Threads is an application for ..."
_RUN_IN_NAME = re.compile(
    rf"^[{BULLETS}]?\s*(?P<name>[A-Z][\w&+’'-]*(?:\s+(?:[A-Z0-9][\w&+’'-]*|of|and|&|for)){{0,3}})"
    r"\.\s+"
    r"(?=[A-Z])"
)


def listed_products(blocks: list[Block]) -> list[Item]:
    """The headings under a 10-K's business description's (or a report's) products, services,
    segments or markets heading, up to a heading of another part of the description; and the
    names that open the list items under a products heading ("•Facebook. Facebook helps ...")."""
    items: list[Item] = []
    listing: str | None = None
    products: str | None = None  # the products heading just above, generic or not
    for block in blocks:
        if block.section and block.section != "item_1":
            listing = products = None
            continue
        if block.kind != "heading":
            run_in = _RUN_IN_NAME.match(block.text)
            listed = block.kind == "item" or block.text.startswith(tuple(BULLETS))
            if (
                products
                and run_in
                and listed
                and not FURNITURE.search(run_in["name"])
                and classify(run_in["name"]) is None
            ):
                items.append(Item(run_in["name"], block.page_id, block.page_number, products))
            continue
        text = block.text.strip(f"{BULLETS} ")
        products = text if HEADINGS["products_services"].search(text) else None
        if TOPICS.search(text) or block.text.lower().startswith("item "):
            listing = products = None
        elif HEADINGS["products_services"].search(text) and _generic(text):
            listing = text
        elif (
            listing is not None
            and not FURNITURE.search(text)
            and len(text.split()) <= 6
            and classify(text) is None
        ):
            items.append(Item(text, block.page_id, block.page_number, listing))
    return items


_GENERIC_WORDS = re.compile(
    r"\b(our|the|and|of|&|information|business|businesses|products?|services|segments?|"
    r"offerings?|solutions|brands|markets|areas?|divisions|reportable|operating|portfolio|"
    r"we|serve|affärsområden?|produkter|tjänster|segment|tuotteet|palvelut|ja|och)\b",
    re.IGNORECASE,
)


def _generic(heading: str) -> bool:
    """A heading made of the products vocabulary alone ("Our Products and Services",
    "Segments"), not a product's own name ("Cloud Services")."""
    return not _GENERIC_WORDS.sub("", heading).strip(" ,-–")


_ROW_LABEL = re.compile(r"^(?P<name>[^\d(%]+?)\s+[-−–(]?\d")

_NOT_A_SEGMENT = re.compile(
    r"^(total|summa|yhteensä|of which|varav|josta|common|other|share|note|change|growth|"
    r"organic|currency|structural|internal|eliminat|övrig|net sales|revenues?|cost|gross|"
    r"operating|financial|underlying|adjusted|see)|\b(group|koncernen?|konserni)\b|\s[-–]\s|"
    r"\b(ebit\w*|net intake|thousands|tusental|tuhatta|revenues?|net sales|(non-)?gaap|measures?|"
    r"reconciliation)\b|"
    # the lines of an income statement below a segment table ("Investment income and other",
    # "Interest expense", "Gain on sale of investments", "SG&A")
    r"\b((investment|interest|other) income|income tax\w*|expenses?|gains?|loss(es)?|earnings|"
    r"sg&a|depreciation|amortization|impairment|restructuring)\b|"
    # the corporate line of a segment table (its costs and eliminations), no business of its own
    r"^(corporate|unallocated)( (and|&) (other|eliminations|unallocated))?$",
    re.IGNORECASE,
)
# what follows a row's label: values, signs and footnote marks, never words ("Verizon 2022
# Annual Report on Form 10-K 22" is a page's footer)
_VALUES_ONLY = re.compile(r"^[\s\d.,%$€£()\-−–—*]*$")


def segment_rows(lines: list[DocumentLine]) -> list[Item]:
    """The row labels of a table of revenue (or orders) by segment or business area: the names of
    the issuer's segments; places, totals, "of which" lines, eliminations and breakdowns of a
    segment left out."""
    items: list[Item] = []
    for index, line in enumerate(lines):
        title = line.text
        if not SEGMENT_TABLE.search(title) or len(title.split()) > 12:
            continue
        if re.search(r"\.{4,}|growth|change|tillväxt|kasvu", title, re.IGNORECASE):
            continue  # a table of contents line, a table of changes
        for following in lines[index + 1 : index + 30]:
            if SEGMENT_TABLE.search(following.text) or PRODUCT_TABLE.search(following.text):
                break  # the next table: its own title reads it
            row = _ROW_LABEL.match(following.text)
            if row is None or not _VALUES_ONLY.match(following.text[len(row["name"]) :]):
                continue
            name = row["name"].strip(" -–:$")
            if (
                not name[:1].isupper()
                or len(name.split()) > 6
                or FURNITURE.search(name)
                or len(name) < 3
            ):
                continue
            if _NOT_A_SEGMENT.search(name) or classify(name) is not None or TOPICS.search(name):
                continue
            items.append(Item(name, following.page_id, following.page_number, title))
    return unique(items)


_FOOTNOTE_MARK = re.compile(r"\s*\(\w{1,2}\)$")
# a rendered row's label: "Building Materials $52,756 ...", "Online stores (1) $220,004 ..."
_PRODUCT_ROW = re.compile(r"^(?P<name>[^\d(%$€£]+?)\s+(\(\w{1,2}\)\s+)?[-−–(]?[$€£]?\s?\d")
_TABLE_TOTAL = re.compile(r"^(total|consolidated|summa|yhteensä)\b", re.IGNORECASE)
_NOT_A_PRODUCT = re.compile(r"\b(total|hedg\w*|eliminat\w*|adjust\w*)\b", re.IGNORECASE)
_HEADER_LINES = 6  # lines of a table's headings between its title and its first row


def product_table_rows(lines: list[DocumentLine]) -> list[Item]:
    """The row labels of a 10-K's tables of revenue by product line (an HTML table's rendered
    rows, `PRODUCT_TABLE` titling them): the rows right below the title and its headings, up to
    the total; footnote marks, "Other", places and measures left out. A table whose groups open
    with their totals ("Total Immunology", then its medicines) gives the rows inside the groups;
    a row that is the sum of the rows below it ("Surgery" over "Advanced" and "General") is
    named without them. Of more than `_MOST_ROWS`, the largest (in the table's order)."""
    items: list[Item] = []
    for index, line in enumerate(lines):
        if line.rendered or len(line.text.split()) > 40 or not PRODUCT_TABLE.search(line.text):
            continue
        found: list[tuple[Item, Decimal | None, bool]] = []
        headers, grouped = 0, False
        for following in lines[index + 1 : index + 60]:
            has_rows = any(named for _, _, named in found)
            # a row read as text between rendered ones ("Shockwave (2): 564; —; *") is a row
            as_row = has_rows and ";" in following.text and bool(_PRODUCT_ROW.match(following.text))
            if not following.rendered and not as_row:
                if _TABLE_TOTAL.match(following.text) and (grouped or not has_rows):
                    grouped = True  # a group's total line ("Total Immunology: $17,828; ...")
                    continue
                headers += 1
                if has_rows or headers > _HEADER_LINES:
                    break
                continue
            row = _PRODUCT_ROW.match(following.text)
            if row is None:
                continue
            name = _FOOTNOTE_MARK.sub("", row["name"].strip(" -–:")).strip(" :")
            if _TABLE_TOTAL.match(name):
                grouped = grouped or not has_rows  # the first row a total: each group's total
                if grouped:
                    continue
                break
            named = (
                name[:1].isupper()
                and 1 <= len(name.split()) <= 6
                and not FURNITURE.search(name)
                and not _NOT_A_SEGMENT.search(name)
                and not _NOT_A_PRODUCT.search(name)
                and classify(name) is None
            )
            # every row counts in the sums of a group ("Other Cardiovascular"); only names are
            # items
            item = Item(name, following.page_id, following.page_number, "product line")
            found.append((item, _first_value(following.text[len(row["name"]) :]), named))
        rows = [(item, value) for item, value, named in _without_parts(found) if named]
        if len(rows) >= 2:
            items += _largest(rows)
    return unique(items)


_MOST_ROWS = 8  # a table's rows taken at most: its largest lines
_Row = tuple[Item, Decimal | None, bool]  # a row, its first amount, whether its label is a name
_FOOTNOTE_OPENING = re.compile(r"^\s*\(\w{1,2}\)(?=[\s:])")
_CELL_VALUE = re.compile(r"\(?\d[\d,]*(?:\.\d+)?\)?")


def _first_value(cells: str) -> Decimal | None:
    """The amount of a rendered row's first column: "1,605 1,839 (12.8)" gives 1605; where
    cells carry their headings ("Year Ended December 31, 2023 $231,872; 2024 ..."), the last
    number of the first cell, after its heading's year."""
    numbers = _CELL_VALUE.findall(_FOOTNOTE_OPENING.sub("", cells.split(";")[0]))
    if not numbers:
        return None
    number = numbers[-1] if ";" in cells else numbers[0]
    return None if number.startswith("(") else Decimal(number.replace(",", ""))


def _without_parts(rows: list[_Row]) -> list[_Row]:
    """The rows without those that make up the row above them: a row whose amount is the sum of
    the two or more rows right below it (within their rounding) names their group."""
    out: list[_Row] = []
    index = 0
    while index < len(rows):
        out.append(rows[index])
        value, total, parts = rows[index][1], Decimal(0), 0
        for _, part, _ in rows[index + 1 :]:
            if value is None or part is None or total + part > value + parts + 1:
                break
            total, parts = total + part, parts + 1
            if parts >= 2 and abs(total - value) <= parts:
                index += parts
                break
        index += 1
    return out


def _largest(rows: list[tuple[Item, Decimal | None]]) -> list[Item]:
    if len(rows) <= _MOST_ROWS or any(value is None for _, value in rows):
        return [item for item, _ in rows]
    kept = sorted(rows, key=lambda row: row[1] or 0, reverse=True)[:_MOST_ROWS]
    return [item for item, _ in rows if any(item is k for k, _ in kept)]


_NOT_A_NAME = re.compile(
    r"^(the|our|its|all|both|each|this|these|those|your|four|three|two|five|six|reportable|operating|"
    r"business|geographic|other|total|new|remaining|respective|certain|several|for|in|of|"
    r"company|company’s|company's|group|group’s|group's)\b",
    re.IGNORECASE,
)


def _names_before(text: str) -> list[str]:
    """The capitalised names just before a position, as a list prints them: "Pulp & Paper and
    Industry & Water" gives both."""
    names = re.split(r",\s*|\s+and\s+(?=[A-Z])", " ".join(_names_run(text)))
    return [n.strip(" ,&-") for n in names if n.strip(" ,&-")]


# The kind in the singular, closing its name ("the Computing and Graphics segment.", "... segment
# accounted for"), not the adjective of a measure ("Consumer and Business segment revenues").
_ONE_OF_A_KIND = re.compile(
    r"(segment|business area|division|business unit)(?=\s*([.,;:)]|$)|\s+(is|was|includes?|"
    r"included|which|that|of|in|for|and|to|with|consist\w*|compris\w*|primarily|principally|"
    r"accounted|represent\w*|where|as|had|has|were|are|generated|reported|decreased|increased|"
    r"sells|offers|provides)\b)"
)


def _whole_name(text: str) -> str:
    """The capitalised run of words just before a position, its list joined as one name, without
    the article or possessive that opens a sentence ("The Computing and Graphics")."""
    name = " ".join(_names_run(text)).strip(" ,&-")
    return re.sub(r"^((the|our|its|and|of|for|&)\s+|\S+[’']s\s+)+", "", name, flags=re.I)


def _names_run(text: str) -> list[str]:
    taken: list[str] = []
    for token in reversed(text.split()[-14:]):
        bare = token.strip(",")
        if bare[:1].isupper() or bare in {"&", "and", "of", "for"}:
            taken.insert(0, token)
        else:
            break
    return taken


_ACRONYM = re.compile(r"^[A-Z][A-Z&]{1,5}$")
_NAME_AND_ACRONYM = re.compile(
    r"^(?P<name>.*?\S)\s*\(\s*[“\"']?(?P<acronym>[A-Z][A-Za-z&]{1,5})[”\"']?\s*\)$"
)
_MINOR = frozenset("and of for the & in on".split())


def _stands_for(name: str, acronym: str) -> bool:
    """Whether an acronym can stand for a name: its first and last words' initials are among the
    acronym's letters, and it has no more words than letters and one ("Commercial Airplanes" for
    BCA, "Defense, Space & Security" for BDS, "Boeing Capital" for BCC)."""
    initials = [w[0] for w in re.findall(r"[A-Za-z][\w-]*", name) if w.lower() not in _MINOR]
    return (
        bool(initials)
        and initials[0] in acronym
        and initials[-1] in acronym
        and len(initials) <= len(acronym) + 1
    )


def named_in_full(items: list[Item], sentences: list[Sentence]) -> list[Item]:
    """Items named by an acronym the document spells out ("Commercial Airplanes (BCA)") under
    their full names, and items named with their acronym in brackets under the name alone; an
    acronym the document does not spell out stays as it is."""
    text = " ".join(s.text for s in sentences)
    out = []
    for item in items:
        full = None
        bracketed = _NAME_AND_ACRONYM.match(item.name)
        if bracketed and _stands_for(bracketed["name"], bracketed["acronym"]):
            full = bracketed["name"]  # "Defense, Space & Security (BDS)": its name, once
        elif _ACRONYM.match(item.name):
            for match in re.finditer(rf"\(\s*{re.escape(item.name)}\s*\)", text):
                before = re.sub(r"[–—]", " ", text[max(0, match.start() - 200) : match.start()])
                name = _whole_name(before)
                if name and _stands_for(name, item.name):
                    full = name
                    break
        out.append(replace(item, name=full) if full else item)
    return unique(out)


def without_list_parts(items: list[Item]) -> list[Item]:
    """Items but those that are a member of another item's name read as a list ("Service" and
    "Distribution" beside the division "Service and Distribution")."""
    parts = {
        part.strip().lower()
        for i in items
        for part in re.split(r",\s*|\s+and\s+", i.name)
        if part.strip().lower() != i.name.lower()
    }
    return [i for i in items if i.name.lower() not in parts]


# A segment named after its kind: "business area Ferrochrome", "segment Enterprise".
_KIND_THEN_NAME = re.compile(
    r"\b(business areas?|segments?|divisions?|[Aa]ffärsområdet|[Ss]egmentet|[Dd]ivisionen)\s+"
    r"(?P<name>[A-Z][\w&-]*(?:\s+(?:&\s+)?[A-Z][\w&-]*)"
    r"{0,2})"
)


def named_segments(sentences: list[Sentence]) -> list[Item]:
    """Names sentences give the issuer's segments or business areas ("the Pulp & Paper and
    Industry & Water segments", "business area Europe"), each named at least twice in the
    document. A name before its kind that is a place is a market, not a segment; one after its
    kind is named as the segment it is."""
    found: list[Item] = []
    listed: list[set[str]] = []  # the names listed together before their kind in the plural
    for s in sentences:
        for match in SEGMENT_KINDS.finditer(s.text):
            names = _names_before(s.text[: match.start()])
            if len(names) > 1 and _ONE_OF_A_KIND.match(s.text, match.start()):
                # "our Enterprise, Embedded and Semi-Custom segment": one segment's name
                names = [_whole_name(s.text[: match.start()])]
            elif len(names) > 1:
                listed.append(set(names))
            for name in names:
                name = re.sub(r"^\S+[’']s\s+", "", name)  # a possessive: the issuer's Dental
                if not 1 <= len(name.split()) <= 5 or _NOT_A_NAME.match(name):
                    continue
                if _NOT_A_SEGMENT.search(name):
                    continue  # a measure ("Adjusted Property EBITDAR"), not a segment
                if name[0].isupper() and classify(name) is None:
                    found.append(Item(name, s.page_id, s.page_number, match.group().lower()))
        for match in _KIND_THEN_NAME.finditer(s.text):
            name = re.sub(r"[’']s$", "", match["name"])
            if _NOT_A_NAME.match(name) or _NOT_A_SEGMENT.search(name):
                continue  # "segment GAAP measure"
            if not FURNITURE.search(name):
                found.append(Item(name, s.page_id, s.page_number, match.group(1).lower()))
    # A name is the issuer's when the document names it twice (with its kind or without), or
    # lists it with one so named ("Oil Products and Renewable Products business areas"), and no
    # part of a longer name found ("Compute" of "Compute & Networking").
    text = " ".join(s.text for s in sentences)
    twice = {i.name for i in found if text.count(i.name) >= 2}
    beside = {n for names in listed if names & twice for n in names}
    counted = {i.name for i in found if i.name in twice | beside and not _former(i.name, text)}
    named = {
        n
        for n in counted
        if not any(n != m and re.search(rf"\b{re.escape(n)}\b", m) for m in counted)
    }
    return unique([i for i in found if i.name in named])


def _former(name: str, text: str) -> bool:
    """Whether the document calls a segment former, divested or discontinued ("our former
    Convenience Stores & Foodservice segment"): no part of the issuer now."""
    return bool(
        re.search(
            rf"\b(former|previous|prior|old|legacy|divested|discontinued|exited)\s+"
            rf"{re.escape(name)}\b",
            text,
            re.IGNORECASE,
        )
    )


_FOLLOWING_LIST = re.compile(
    r"\b(following|these|two|three|four|five|six|seven) (?:product |reportable |operating )?"
    r"(categories|segments|business areas|divisions|brands|product lines|markets|business units)"
    # "two reportable segments that we operate and manage as strategic business units - ..."
    r"(?:\s+that\s[^.:;]{0,80}?)?\s*(?P<sep>:|are|include|\s[-–—]\s)\s*(?P<list>.+)$|"
    # "our new business unit structure: Water Solutions, ... and Fiber Essentials"
    r"\b(new )?(?P<kind>business unit|business area|segment|divisional|reporting) structure\s*:"
    r"\s*(?P<structure>.+)$",
    re.IGNORECASE,
)


# "a portfolio of brands including Foot Locker, Kids Foot Locker, Champs Sports, ... and
# Sidestep", "brands such as X, Y and Z", "varumärken som X, Y och Z"
_BRAND_LIST = re.compile(
    r"\b(portfolio|family|range|house) of (\w+ )?brands,?\s+(including|such as|like|comprising)"
    r"\s+(?P<list>[^.;:()]+)|\bvarumärken(a)?\s+(som|såsom)\s+(?P<sv>[^.;:()]+)",
    re.IGNORECASE,
)


_LIST_TAIL = re.compile(r",?\s+(which|that|as|each|both)\b.*$")


def listed_in_sentences(sentences: list[Sentence]) -> list[Item]:
    """The names a sentence lists after "the following categories:" or "four business areas:",
    or a portfolio of brands it names, in the business description."""
    items: list[Item] = []
    for s in sentences:
        if not in_items(s, "item_1"):
            continue
        items += _brands(s)
        match = _FOLLOWING_LIST.search(s.text)
        if match is None:
            continue
        listed, kind = match["list"] or match["structure"], match.group(2) or match["kind"]
        # semicolons part names that hold commas ("Commercial Airplanes (BCA); Defense, Space &
        # Security (BDS); ..."); else commas and "and" part them
        splitter = (
            r";\s*(?:and\s+)?" if ";" in listed else r",\s*(?:and\s+)?(?=[A-Z])|\s+and\s+(?=[A-Z])"
        )
        parts = re.split(splitter, listed)
        names = []
        for part in parts:
            # the list ends where a clause on it begins ("..., which are further described below"),
            # and a name ends in its own abbreviation's point ("Walmart U.S.")
            name = _LIST_TAIL.sub("", part).strip(" ;:")
            name = name if re.search(r"\b[A-Z]\.[A-Z]\.$", name) else name.rstrip(".")
            if name.startswith("(") or (match["sep"] not in (None, ":") and name.islower()):
                continue  # "(i) automotive and (ii) energy generation", "categories are highly
                # competitive, with numerous manufacturers": no names; lower case after a colon
            if 1 <= len(name.split()) <= 8:
                names.append(name)
        # a list of places is where the issuer sells (Apple's five geographic segments); a place
        # in a list of other names is a segment of its own (General Mills' "North America Retail;
        # International; Pet; and North America Foodservice")
        places = [classify(re.sub(r"^the\s+", "", name, flags=re.IGNORECASE)) for name in names]
        mixed = any(place is None for place in places)
        items += [
            Item(name, s.page_id, s.page_number, kind.lower())
            for name, place in zip(names, places, strict=True)
            if mixed or place is None
        ]
    return items


def _brands(s: Sentence) -> list[Item]:
    """The brands a sentence lists (each of one to four words, no figures)."""
    match = _BRAND_LIST.search(s.text)
    if match is None:
        return []
    parts = re.split(r",\s*(?:and\s+|och\s+)?|\s+(?:and|och)\s+", match["list"] or match["sv"])
    names = [p.strip(" .") for p in parts]
    if len(names) < 2 or not all(
        1 <= len(n.split()) <= 4 and not re.search(r"\d", n) for n in names
    ):
        return []  # no list of names: a sentence going on after "including"
    return [Item(n, s.page_id, s.page_number, "brands") for n in names]


# A paragraph that speaks of the segment its heading names: "The division's average price".
_THE_SEGMENT = re.compile(
    r"\bthe (division|segment|business area|business unit)(’s|'s)?\b|\b(divisionen|segmentet|"
    r"affärsområdet|divisioonan?|segmentin|liiketoiminta-alueen)\b",
    re.IGNORECASE,
)
_RUN_GAP = 3  # paragraphs between two headings of one list of segments


def segment_headings(blocks: list[Block], segments: list[Item]) -> list[Item]:
    """In a release, headings that name segments: a heading whose paragraph speaks of "the
    division" (or segment, business area), and, in a run of short parts headed by segments, the
    headings between two such (a release's outlook by division). A run that mixes in headings of
    a report's parts (net sales, innovation, outlook ...) is no list of segments."""
    if not one_page(blocks):
        return []
    known = {i.name.lower() for i in segments}
    headed: list[tuple[Block, bool]] = []  # each heading, and whether it names a segment
    runs: list[list[tuple[Block, bool]]] = [[]]
    gap = 0
    for block in blocks:
        if block.kind != "heading":
            gap += 1
            if headed and _THE_SEGMENT.search(block.text) and gap == 1:
                headed[-1] = (headed[-1][0], True)
                runs[-1][-1] = headed[-1]
            continue
        if gap > _RUN_GAP:
            runs.append([])
        entry = (block, block.text.lower() in known)
        headed.append(entry)
        runs[-1].append(entry)
        gap = 0
    return unique([item for run in runs for item in _between_segments(run)])


def _between_segments(run: list[tuple[Block, bool]]) -> list[Item]:
    marked = [i for i, (_, is_segment) in enumerate(run) if is_segment]
    if len(marked) < 2:
        return []
    listed = [block for block, _ in run[marked[0] : marked[-1] + 1]]
    if not all(_segment_like(b.text) for b in listed):
        return []
    # the run goes on with the segments the text does not mark ("Biomaterials", "Wood Products",
    # "Forest" after Stora Enso's two packaging divisions) up to a heading of another part
    for block, _ in run[marked[-1] + 1 :]:
        if not _segment_like(block.text):
            break
        listed.append(block)
    return [Item(b.text, b.page_id, b.page_number, "segments") for b in listed]


def _segment_like(text: str) -> bool:
    """A heading that could name a segment: a few words, no page furniture, topic, part of a
    report or place."""
    return not (
        len(text.split()) > 4
        or FURNITURE.search(text)
        or TOPICS.search(text)
        or _LINES_END.match(text)
        or classify(text) is not None
    )


# A company's name (its legal form last): a subsidiary or an acquisition, not a product line.
_LEGAL_FORM = re.compile(
    r"\b(AB|ApS|A/S|AS|ASA|Oy|Oyj|GmbH|AG|KG|BV|B\.V\.|NV|Ltd|Limited|Pty|Inc|LLC|S\.?A|SARL|"
    r"SAS|S\.r\.l|Srl|SpA)\.?$"
)


def lines_under_segments(blocks: list[Block], segments: list[Item]) -> list[Item]:
    """In a report, the headings right under a heading that names a segment, on its page, up to
    the segment's figures: its product lines."""
    if any(b.section for b in blocks):
        return []
    names = {i.name.lower() for i in segments}
    items: list[Item] = []
    current: Block | None = None
    for block in blocks:
        if block.kind != "heading":
            continue
        text = block.text
        if text.lower() in names:
            current = block
        elif current is not None:
            if block.page_id != current.page_id or _LINES_END.match(text):
                current = None
            elif (
                not FURNITURE.search(text)
                and not TOPICS.search(text)
                and not _NOT_A_SEGMENT.search(text)
                and not OFF_TOPIC.search(text)
                and not _LEGAL_FORM.search(text)
                and classify(text) is None
                and len(text.split()) <= 6
            ):
                items.append(Item(text, block.page_id, block.page_number, current.text))
    return items[:16]


# A segment's business named by how its sales fared ("Sales in Global Communications Platform
# declined by -9%", "Sales in Enterprise Wireless Solutions grew by 2%"): the name in title case,
# two to five words, never a market area or a place.
_SALES_IN = re.compile(
    r"^(?:Net )?[Ss]ales in (?P<name>[A-Z][\w&-]*(?: (?:[A-Z][\w&-]*|and|&)){1,4}) "
    r"(?:grew|declined|increased|decreased|rose|fell)\b"
)


def lines_by_their_sales(sentences: list[Sentence], segments: list[Item]) -> list[Item]:
    """In a report without items, the businesses of a segment its section names by how their
    sales fared, under a heading that names the segment ("Segment Enterprise"): its lines."""
    names = {i.name.lower(): i.name for i in segments}
    items: list[Item] = []
    for s in sentences:
        match = _SALES_IN.match(s.text)
        if s.section or not match:
            continue
        name = match.group("name")
        segment = next(
            (
                names[n]
                for h in s.headings[:3]
                for n in names
                if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", h.lower())
            ),
            None,
        )
        if segment and name.lower() not in names and classify(name) is None:
            items.append(Item(name, s.page_id, s.page_number, segment))
    return unique(items)


def critical_estimates(blocks: list[Block]) -> list[Item]:
    """The headings under a critical accounting estimates (or a report's estimates and
    judgements) heading, in the same part of the document, up to the next note: the estimates
    the issuer names."""
    items: list[Item] = []
    inside: str | None = None
    section = ""
    # run-in estimates before the part's first heading: two or more, and the part names its
    # estimates run in, its headings their parts (General Mills' pension assumptions)
    run_in_first = 0
    before = ""  # the paragraph before a heading: one that leads into a table captions it
    revenue = False  # under the revenue recognition policy: its kinds of revenue are its parts
    for block in blocks:
        if inside is not None and block.section != section:
            inside = None
        if block.kind != "heading":
            if inside is not None and not any(i.part_of == inside for i in items):
                run_in_first += bool(run_in_names(block.text))
            before = block.text
            continue
        table_caption, before = bool(_LEADS_INTO_TABLE.search(before)), ""
        text = block.text
        if _CRITICAL.search(text):
            inside, section, run_in_first = text, block.section, 0
            continue
        if inside is None:
            continue
        if (
            _CRITICAL_END.search(text)
            or FURNITURE.search(text)
            or re.match(r"^note\s*\d", text, re.IGNORECASE)
            or (text.isupper() and len(text) > 12 and not inside.isupper())
            or len(items) >= 10
        ):
            inside = None
            continue
        if revenue and _KIND_OF_REVENUE.search(text):
            continue  # "Product Sales", "Subscription Arrangements" under "Revenue Recognition"
        if (
            not _NOT_AN_ESTIMATE.search(text)
            and not _table_word(text)
            and run_in_first < 2
            and not table_caption
        ):
            items.append(Item(text, block.page_id, block.page_number, inside))
            topics = tags_of("accounting", text, "en")
            revenue = "revenue recognition" in topics or (revenue and not topics)
    return _without_joined(unique(items + _run_in_estimates(blocks)))


# The parent company's own principles and notes restate the group's in brief.
_PARENT_COMPANY = re.compile(r"\bparent company\b|moderbolag|emoyhtiö", re.IGNORECASE)
# A heading that opens the next note: "Note 2. Revenues", "2.SEGMENT REPORTING", "Not 3"
# ("2.16 Recognition of revenue" is a part of the note it stands in).
_NEXT_NOTE = re.compile(r"^(note|not|liitetieto)\s*\d+|^\d+\.\s*[^\W\d]", re.IGNORECASE)
# The policy of revenue, by its heading: "Revenue Recognition", "2.16 Recognition of revenue",
# "Revenue and Related Cost Recognition", "Revenue from contracts with customers",
# "Intäktsredovisning", "Liikevaihdon tuloutus".
_REVENUE_POLICY = re.compile(
    r"^(\d+(\.\d+)*\.?\s*)?(revenues?( and related costs?)? recognition|recognition of "
    r"(revenues?|net sales)|revenues?( from contracts with customers)?|net sales|"
    r"intäktsredovisning|intäkter|redovisning av intäkter|nettoomsättning|liikevaihto|"
    r"liikevaihdon tuloutus|tuloutus(periaatteet)?|myyntituottojen tuloutus)$",
    re.IGNORECASE,
)
# A heading that names the recognition of revenue itself.
_RECOGNITION = re.compile(r"recognition|intäktsredovisning|tuloutus", re.IGNORECASE)
# The note of the accounting policies, by its heading ("1. Summary of Significant Accounting
# Policies", "Redovisningsprinciper", "Laatimisperiaatteet").
_POLICIES_NOTE = re.compile(
    r"accounting (policies|principles)|redovisningsprinciper|laatimisperiaatte",
    re.IGNORECASE,
)


def _states_a_policy(text: str) -> bool:
    """Whether the paragraph under a revenue heading states a policy in words: no statement's
    line of figures ("Revenues 1,266,362 45,981") nor the lead into a table."""
    first = (split_sentences(text) or [""])[0]
    digits = sum(c.isdigit() for c in first)
    return (
        len(first) >= 40
        and digits <= len(first) / 20
        and not re.match(r"(the )?following\b", first, re.IGNORECASE)
        and not _LEADS_INTO_TABLE.search(first)
    )


def revenue_policy(blocks: list[Block]) -> Item | None:
    """How the issuer recognises revenue, as its notes state it: the first revenue heading of
    the notes (a 10-K's Item 8, a report's pages) whose paragraph states a policy in words, not
    in the parent company's notes; the policies note it stands in as what it is part of. None
    where the notes state no such policy."""
    note: str | None = None
    parent = False
    for index, block in enumerate(blocks):
        if block.kind != "heading" or (block.section and not block.section.startswith("item_8")):
            continue
        text = block.text.strip()
        if _NEXT_NOTE.search(text) or _PARENT_COMPANY.search(text):
            note, parent = text, bool(_PARENT_COMPANY.search(text))
            continue
        if parent or not _REVENUE_POLICY.search(text):
            continue
        # "Revenue" or "Net sales" alone is a policy in the policies note (a 10-K's Note 1),
        # elsewhere the heading of the period's revenue
        in_policies = bool(note and _POLICIES_NOTE.search(note)) or block.section.endswith(
            "/note_1"
        )
        if not (in_policies or _RECOGNITION.search(text)):
            continue
        body = next((b for b in blocks[index + 1 : index + 4] if b.kind != "heading"), None)
        if body is not None and _states_a_policy(body.text):
            named = note if note and _POLICIES_NOTE.search(note) else "Accounting policies"
            return Item(text, block.page_id, block.page_number, named)
    return None


# A heading that names a kind of revenue or of its contracts ("Product Sales", "Software
# Licensing Revenues", "Online Hosted Software Arrangements"): under a revenue recognition policy,
# a part of it (how each kind is recognised), not an estimate of its own.
_KIND_OF_REVENUE = re.compile(
    r"\b(sales|revenues?|arrangements|contracts|subscriptions|licen[cs]es|licensing)$",
    re.IGNORECASE,
)


def _without_joined(items: list[Item]) -> list[Item]:
    """Items named once: a heading that joins two others ("Wireless Licenses and Goodwill" above
    "Wireless Licenses" and "Goodwill") is left out."""
    names = {i.name.lower() for i in items}

    def joined(name: str) -> bool:
        parts = [p.strip() for p in re.split(r"\s+and\s+|,\s*", name.lower()) if p.strip()]
        return len(parts) > 1 and all(p in names for p in parts)

    return [i for i in items if not joined(i.name)]


def _table_word(text: str) -> bool:
    """A one-word heading that is a table's column ("Carrying", "Fair", "Value") or a part's
    ("Overview"), not an estimate: one word that is no plural and names no accounting topic."""
    return len(text.split()) == 1 and not text.endswith("s") and not tags_of("accounting", text)


# A paragraph that opens with its subject's name and a colon: "Income Taxes: The Company ...".
_RUN_IN = re.compile(
    r"^(?P<name>[A-Z][\w’'-]*(?:[ -](?:and|of|for|the|on|in|[A-Z][\w’'-]*)){0,6}):\s+[A-Z]"
)


# A paragraph that opens with its subject's name in title case and no colon, its sentence
# starting right after: "Revenue Recognition Our revenues are ...", "Intangible Assets Goodwill
# and other ...", "Stock-based Compensation The valuation of ...", "Defined Benefit Pension,
# Other Postretirement Benefit, and Postemployment Benefit Plans We have ..." (General Mills).
_BARE_RUN_IN = re.compile(
    r"^(?P<run>[A-Z][\w’'-]*(?:,? (?:[A-Z][\w’'-]*|and|of|for|on|in)){1,10}) "
    r"(?P<next>[a-z][\w’'-]*)"
)
_OPENERS = frozenset("Our We The This These In A An As Each When Under For Management".split())


# A name standing as a sentence of its own, a run-in heading set off by a stop: "Revenue
# Allowances. We record a provision ...", "Goodwill. Goodwill represents ..." (AMD's critical
# estimates): its words capitalized but for joining words, no figures.
_NAME_SENTENCE = re.compile(
    r"^(?P<name>[A-Z][a-z’'-]*[A-Za-z](?: (?:and|of|for|on|in|the|[A-Z][A-Za-z’'-]*)){0,5})\.$"
)


def _named_sentence(text: str) -> str | None:
    """The name a sentence of a paragraph is, where it is one (`_NAME_SENTENCE`), else None."""
    match = _NAME_SENTENCE.match(text)
    if match is None or _NOT_AN_ESTIMATE.search(text) or FURNITURE.search(text):
        return None
    return match["name"]


def run_in_names(text: str) -> list[tuple[int, str]]:
    """The estimates a paragraph of a critical accounting part names run in, with the index of
    the sentence each stands as or opens (0 for one that opens the paragraph before a colon or
    in title case): the opening name, every later name set off by a stop that a sentence
    follows, and every later sentence that opens with a name as a paragraph would."""
    parts = split_sentences(text)
    names: list[tuple[int, str]] = []
    opening = _run_in_name(text)
    if opening is not None:
        names.append((0, opening))
    for index, part in enumerate(parts):
        if index == 0 and opening is not None:
            continue
        # a name standing as a sentence its text follows, or (after the first) a sentence that
        # opens with a name, the PDF having run its paragraph into the one before ("... were to
        # prevail. Income Taxes We apply a more-likely-than-not threshold ...": General Mills)
        name = _named_sentence(part) if index < len(parts) - 1 else None
        if name is None and index:
            name = _run_in_name(part)
        if name is not None:
            names.append((index, name))
    return names


def _run_in_name(text: str) -> str | None:
    """The name a paragraph opens with, before a colon, or in title case with its sentence
    starting right after it (the sentence's first word one that opens sentences, else the last
    capitalized word: "Intangible Assets Goodwill and ..."); a name without a colon only where
    it names an accounting topic."""
    colon = _RUN_IN.match(text)
    if colon is not None:
        return colon["name"]
    bare = _BARE_RUN_IN.match(text)
    if bare is None:
        return None
    words = bare["run"].split()
    while words and words[-1].islower():  # "Goodwill and other ...": a joining word opens no name
        words.pop()
    opener = next((i for i, w in enumerate(words) if i >= 1 and w in _OPENERS), len(words) - 1)
    name = " ".join(words[:opener])
    return name if len(words[:opener]) >= 2 and tags_of("accounting", name) else None


def _run_in_estimates(blocks: list[Block]) -> list[Item]:
    """The estimates a critical accounting part names in run-in headings, its tables and page
    furniture between them, up to the part that follows it."""
    items: list[Item] = []
    inside: str | None = None
    section = ""
    before = 0  # paragraphs of the part before its first run-in estimate
    for block in blocks:
        if inside is not None and block.section != section:
            inside = None
        if block.kind == "heading":
            if _CRITICAL.search(block.text):
                inside, section, before = block.text, block.section, 0
            elif re.match(r"^note\s*\d", block.text, re.I) or (
                _CRITICAL_END.search(block.text) and not block.text.endswith("segment")
            ):  # a table's heading ("Innovative Medicine segment") ends no part
                inside = None
            continue
        named = run_in_names(block.text) if inside else []
        if inside and named and len(items) < 10:
            items += [Item(name, block.page_id, block.page_number, inside) for _, name in named]
        elif inside and not any(i.part_of == inside for i in items):
            before += 1
            if before > _RUN_IN_AFTER:
                inside = None  # a part of prose ("Significant Judgments" in a revenue note)
    return items


# Paragraphs a critical estimates part may open with (what estimates are, which follow) before
# its first estimate named in a run-in heading; a part with more names none that way.
_RUN_IN_AFTER = 2


def named_strategies(blocks: list[Block]) -> list[Item]:
    """The strategies a strategy part names: the short lead sentence of each of its paragraphs
    ("Advancing the NVIDIA accelerated computing platform."), or its bullets."""
    items: list[Item] = []
    inside: str | None = None
    headings_above: list[str] = []
    for block in blocks:
        if block.kind == "heading":
            strategic = HEADINGS["strategy"].search(block.text) and not PEOPLE.search(
                " ".join(headings_above)
            )
            headings_above = [block.text, *headings_above[:1]]
            inside = (
                block.text if strategic and not re.search(r"risk|cyber", block.text, re.I) else None
            )
            continue
        if inside is None:
            continue
        lead = split_sentences(block.text)[0].lstrip(f"{BULLETS} ")
        if (
            2 <= len(lead.split()) <= 9
            and lead[:1].isupper()  # not the tail of a sentence a page cut ("the plans.")
            and (lead.endswith(".") or block.kind == "item")
            and not re.search(r"\d", lead)
            and not OFF_TOPIC.search(lead)
        ):
            items.append(Item(lead.rstrip("."), block.page_id, block.page_number, inside))
    return unique(items)[:8]


# A sentence that says how the issuer groups its risks and names the groups: "risks are grouped
# in a number of categories, including, for example, risks relating to technology, IPR, ...",
# "Riskerna delas in i strategiska, operativa och finansiella risker", "Riskit jaetaan ...".
_RISK_GROUPS = re.compile(
    r"\b(risks?|risker(na)?|riskit) (are |is |have been )?(grouped|categori[sz]ed|divided|"
    r"classified|delas( in)?|indelas|grupperas|jaetaan|ryhmitellään|luokitellaan)\s+"
    r"((in|into|i)\s+)?((\w+\s+){0,4}?(categories|groups|kategorier|grupper|ryhmiin|luokkiin)"
    r"\s*,?\s*)?((such as|including|for example|e\.g\.|bland annat|som|kuten)\s*,?\s*)*"
    r"(risks\s+(relating|related)\s+to\s+)?(?P<list>[^.;:]+)",
    re.IGNORECASE,
)


def listed_risk_kinds(sentences: list[Sentence]) -> list[Item]:
    """The groups of risk a sentence names as the issuer's (a list of at least three: commas,
    then the last "and" between the last two)."""
    for s in sentences:
        match = _RISK_GROUPS.search(s.text)
        if match is None:
            continue
        parts = [p.strip() for p in match["list"].split(",")]
        *head, last = [p for p in parts if p]
        if re.match(r"(and|och|ja|samt) ", last):  # after a serial comma: the last name whole
            tail = [last.split(" ", 1)[1]]
        else:
            tail = re.split(r"\s+(?:and|och|ja|samt)\s+", last, maxsplit=1)
        names = [re.sub(r"^the ", "", n).strip() for n in [*head, *tail]]
        if len(names) >= 3 and all(1 <= len(n.split()) <= 5 for n in names):
            return [Item(n, s.page_id, s.page_number, "risks") for n in names]
    return []


def risk_kinds(blocks: list[Block]) -> list[Item]:
    """The headings under a report's risk heading that name kinds of risk."""
    kinds: list[Item] = []
    inside = False
    for block in blocks:
        if block.kind != "heading":
            continue
        if HEADINGS["risks"].search(block.text) and not inside:
            inside = True
            continue
        if inside:
            if re.search(r"\brisks?\b|\brisker\b|\briskit\b", block.text, re.IGNORECASE):
                kinds.append(Item(block.text, block.page_id, block.page_number))
            else:
                inside = False
    return unique(kinds)[:10]
