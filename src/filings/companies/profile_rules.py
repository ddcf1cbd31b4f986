"""Each profile section drawn from the part of a document that answers it, by its own rules.

- **overview**: what the company does, as it says it itself: the sentences under a heading such
  as "Company background", "Our company", "In brief", "About ...", and sentences whose subject is
  the issuer and whose verb says what it does ("X is a leading provider", "We design ...").
- **products_services**: the issuer's own list: the headings under a 10-K's products, services,
  segments or markets heading (iPhone, Mac ...; Data Center, Gaming ...), the rows of a table of
  revenue by segment or business area, the names a sentence gives ("the X and Y segments"), the
  headings under a heading that names a segment; with the first sentence of each, never figures.
- **customers**: who buys, and how concentrated (profile_customers): sentences that say who the
  customers are or how concentrated they are, wherever they stand, and sentences under customer
  or distribution headings; never sentences that only mention customers.
- **geography**: sentences naming where the company sells or operates (segments that are places,
  N countries, shares of sales outside the home market, market areas), never sentences about
  competitors, laws or lawsuits; segments named after places as items; the breakdown itself is
  the stored revenue geography, added at request.
- **strategy**: stated strategy, goals, targets and outlook: sentences under such headings and
  sentences that state them; never biographies, contact lines, webcast links or remuneration.
- **risks**: as the issuer ranks them: a 10-K's Item 1A risk headings in order; a report's risk
  section in order, its kinds of risk as items.
- **accounting**: critical estimates and policies: the headings and first sentences of a 10-K's
  critical accounting estimates (Item 7); a report's accounting-principles and estimates notes.

Sentences that are off topic anywhere (profile_vocabulary.OFF_TOPIC) are never chosen, and a
10-K's Part III (directors, compensation) is never read. A section with nothing that answers it
stays empty; the caller says why.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left
from collections import Counter
from functools import cache

from filings.companies.geography import classify, places_in, us_state
from filings.companies.geography_tables import DocumentLine
from filings.companies.profile_customers import concentration, customers, largest_buyers
from filings.companies.profile_document import BULLETS, Block, one_page
from filings.companies.profile_items import (
    critical_estimates,
    lines_by_their_sales,
    lines_under_segments,
    listed_in_sentences,
    listed_products,
    listed_risk_kinds,
    named_in_full,
    named_segments,
    named_strategies,
    product_table_rows,
    revenue_policy,
    risk_kinds,
    run_in_names,
    segment_headings,
    segment_rows,
    without_list_parts,
)
from filings.companies.profile_locale import tags_of
from filings.companies.profile_sentences import (
    MIN_WORDS,
    Found,
    Issuer,
    Item,
    Sentence,
    alike,
    heading_of,
    in_items,
    is_under,
    pick,
    sentences_of,
    split_sentences,
    unique,
    usable,
)
from filings.companies.profile_subjects import subjects
from filings.companies.profile_vocabulary import (
    ABOUT_THE_BUSINESS,
    AS_ONE_OF,
    CUES,
    DEFINITION,
    DOES,
    ESTIMATES_PREAMBLE,
    EXPECTED,
    FOOTPRINT,
    HEADINGS,
    MEASURES,
    MISSION,
    NOT_A_STRATEGY,
    NOT_AN_OFFERING,
    NOT_AN_OUTLOOK,
    NOT_WHERE_IT_SELLS,
    OTHER_PARTS,
    OUTLOOK_STATEMENT,
    PEOPLE,
    PERFORMANCE,
    PLACE_WORD,
    PRESENT_IN,
    REASSURANCE,
    REFERRAL,
    RISK_FACTOR,
    RISK_MANAGEMENT,
    RISK_PREAMBLE,
    SAYS_WHAT,
    SECTIONS,
    SEGMENT_KINDS,
    STATED_FOCUS,
    STRONG,
    TARGET_LEVEL,
    WHAT_IT_IS,
)
from filings.companies.profile_without_parts import (
    IMPACT_OF_MORE,
    STATES_UNCERTAINTY,
    presentation_basis,
    stated_risks,
)

KEEP = {
    "overview": 3,
    "products_services": 6,
    "customers": 3,
    "geography": 3,
    "strategy": 4,
    "risks": 6,
    "accounting": 4,
}
# A 10-K's Item 1A lists thirty to sixty risks under a few categories: the first fifteen, spread
# over the categories as the issuer ranks them within each.
KEEP_10K_RISKS = 15
# Fewer risk headings than this: a PDF's lines have run its headings into their text, and the
# leads of its paragraphs are read as well
_HEADED_RISKS = 10
FULL_TEXT_CHARS = 20_000


# --- sentences ---------------------------------------------------------------------------------


def _not_risk_factor(sentence: Sentence) -> bool:
    return sentence.section != "item_1a" and not RISK_FACTOR.search(sentence.text)


# --- sections ----------------------------------------------------------------------------------


# The brackets after the issuer's name that give the names it goes by ("(herein referred to as
# “Boeing,” the “Company,” “we,” ...)"): no definition of terms; what the sentence says of the
# issuer stands without them.
_NAMING_BRACKETS = re.compile(r"\s*\([^()]*[“\"][^()]*\)")


def overview(sentences: list[Sentence], issuer: Issuer, listed: set[str]) -> Found:
    """What the company does, as it says itself: under an overview heading, then sentences about
    the issuer that say what it does (not under one product's heading)."""

    def excluded(s: Sentence) -> bool:
        if s.headings and s.headings[0] in listed:
            return True
        if (
            not in_items(s, "item_1")
            or s.section == "item_1a"
            or DEFINITION.search(_NAMING_BRACKETS.sub("", s.text))
        ):
            return True
        if MEASURES.search(s.text) or _catalogue(s.text) or _BELIEF.match(s.text):
            return True  # a belief ("We believe we operate several of the finest ...") is a claim
        if PERFORMANCE.search(s.text) and re.search(r"\d", s.text):
            return True
        if RISK_FACTOR.search(s.text) or REFERRAL.search(s.text) or s.bullet:
            return True
        # the workforce, its legal form, patents and rules say not what it does
        return _about_people(s.text) or bool(_LEGAL_FORM.search(s.text)) or _rights_or_rules(s)

    def rank(s: Sentence) -> int:
        if excluded(s):
            return 0
        under = is_under(s, "overview", 1) and (
            bool(s.section) or not re.fullmatch(r"(financial )?overview", s.headings[0], re.I)
        )
        # its aims (mission, vision, principles) say what it does only where nothing else does
        aims = 2 * bool(MISSION.search(s.text))
        if PERFORMANCE.search(s.text) and not aims:  # "driven by our purpose" is no period's
            return 0
        # how large it is where it is: the stores, plants or offices it had
        sized = bool(FOOTPRINT.match(s.text))
        # how it makes its money ("Currently, we generate substantially all of our revenue from
        # selling advertising placements ..."), a sentence of its own, not its paragraph's lead
        earns = bool(_REVENUE_MODEL.match(s.text))
        return max(3 * under + 2 * (about(s) or sized or earns) + (s.section == "item_1") - aims, 0)

    def about(s: Sentence) -> bool:
        return bool(AS_ONE_OF.match(s.text)) or (
            issuer.is_subject(s.text)
            and bool(
                WHAT_IT_IS.search(s.text)
                or (DOES.match(s.text) and CUES["products_services"].search(s.text))
            )
        )

    ranks = {s.position: rank(s) for s in sentences}
    # the paragraph that says what the issuer is goes on to say what it does; a release's own
    # description ("Wihlborgs Fastigheter AB (publ) is a property company ... Its property
    # portfolio is located in ... In Malmö, Lund and Helsingborg, Wihlborgs is the leading
    # property company.") says it in sentences that name no verb of what it does: after the
    # one that says what it is, they fill the places the ranked sentences leave
    saying: dict[int, int] = {}  # each such paragraph's first sentence that says what it is
    for s in sentences:
        if ranks[s.position] >= 2 and about(s):
            saying.setdefault(s.position // 1000, s.position)

    def ranked(s: Sentence) -> int:
        value = ranks[s.position]
        paragraph = s.position // 1000
        if value >= 2:
            return value + (paragraph in saying)
        goes_on = not s.section and saying.get(paragraph, s.position) < s.position
        return int(goes_on and not excluded(s) and not _SEAT_OR_LISTING.search(s.text))

    chosen = pick(sentences, KEEP["overview"], ranked)
    earns = _how_it_earns(sentences, chosen, ranks)
    return Found(
        chosen + earns + _how_large(sentences, [*chosen, *earns], issuer),
        source_heading=heading_of(chosen),
    )


# Where its shares are listed or its head office is: of the company, not of what it does.
_SEAT_OR_LISTING = re.compile(
    r"\b(listed on|stock exchange|headquarter(s|ed)|head office|registered office|domiciled|"
    r"noteras|noterad|listattu|pääkonttori|huvudkontor)\b",
    re.IGNORECASE,
)


# How large the company is, in one sentence of its own: its revenue and its people ("In 2024, the
# Group had revenues of BSEK 177 and about 55 000 employees at year-end", "Stora Enso has
# approximately 19,000 employees and our sales in 2024 were EUR 9 billion").
_PEOPLE_COUNT = re.compile(
    r"\d[\d\s,.]*\s(full-time )?(employees|people|medarbetare|anställda|työntekijä\w*|"
    r"henkilö\w*)\b",
    re.IGNORECASE,
)
_ITS_REVENUE = re.compile(
    r"\b(revenues?|sales|net sales|turnover|omsättning\w*|nettoomsättning\w*|liikevaihto\w*)\b",
    re.IGNORECASE,
)
_OF_A_YEAR = re.compile(r"^(in|during) (fiscal (year )?)?(19|20)\d\d,?\s*", re.IGNORECASE)


def _how_large(sentences: list[Sentence], chosen: list[Sentence], issuer: Issuer) -> list[Sentence]:
    """The sentence of a report's or release's own description (or a 10-K's business) that
    states the issuer's revenue and its number of employees, after the overview's sentences
    where these do not state it: the size an analyst reads first."""

    def sizes(s: Sentence) -> bool:
        return bool(_PEOPLE_COUNT.search(s.text) and _ITS_REVENUE.search(s.text))

    def its_own(s: Sentence) -> bool:
        said = _OF_A_YEAR.sub("", s.text)
        # "the company" of a report's acquisitions is the company bought ("The company had net
        # sales of around EUR 27 million in 2019 and has 90 employees")
        return issuer.is_subject(said) and not re.match(r"(the )?company\b", said, re.I)

    if any(sizes(s) for s in chosen):
        return []
    found = [
        s
        for s in sentences
        if s.section in ("", "item_1")
        and sizes(s)
        and its_own(s)
        and not RISK_FACTOR.search(s.text)
        and len(s.text.split()) <= 40
    ]
    return found[-1:]  # the description at a report's end, after the CEO's words


# How the company makes its money, said of its own revenue: "Currently, we generate substantially
# all of our revenue from selling advertising placements ...", "The Company derives its revenues
# from ...", "We generate revenues by delivering ...", "Our primary source of revenue is ...".
_REVENUE_MODEL = re.compile(
    r"^(\w+,\s+)?((we|it|the company|the group)\s+(primarily |principally |mainly )?"
    r"(generates?|derives?|earns?) (substantially all|most|the majority|a majority|nearly all|"
    r"almost all)?( of)?\s*"
    r"((our|its) )?(net )?(revenues?|sales)\b[^.]{0,40}?\b(from|by|through)\b"
    r"|(our|its) (primary|principal|main|largest) sources? of (revenues?|sales) "
    r"(is|are|consists?)\b"
    # "The Company has three reportable segments: ..., all of which derive revenue from ..."
    r"|[^.]{0,160}\b(all|each|both) of which (derives?|generates?|earns?) (their |its )?"
    r"(revenues?|sales) (from|by|through)\b)",
    re.IGNORECASE,
)
# ... not where it names nothing but products and services ("We generate sales from the delivery
# of products and services to our customers", "We generate revenue from the sale of products and
# services, both as a principal and as an agent": the revenue policy's opening, every seller's)
_ANY_SELLERS = re.compile(
    r"\b(from|by|through) (the )?(sales?|delivery|provision) of (our |its )?(products|goods),? "
    r"(and|or) services( to (our |its )?customers)?(,? both as a principal and as an agent)?\.?$",
    re.IGNORECASE,
)
# Where a 10-K says how the company earns its money, the first place first: the business (Item 1),
# the MD&A's overview or revenue (Item 7), the notes' nature of operations or revenue recognition.
_EARNS_IN = ("item_1", "item_7", "item_8")


def _how_it_earns(
    sentences: list[Sentence], chosen: list[Sentence], ranks: dict[int, int]
) -> list[Sentence]:
    """The sentence that says how the company makes its money, after the overview's own where
    these do not say it and the 10-K does elsewhere (Amazon's "Our primary source of revenue is
    the sale of ..." in its MD&A): none in a document without items, where the overview's
    ranking already weighs it."""
    if any(_REVENUE_MODEL.match(s.text) for s in chosen):
        return []
    found = [
        s
        for s in sentences
        if s.section
        and _REVENUE_MODEL.match(s.text)
        and not _ANY_SELLERS.search(s.text)
        and in_items(s, *_EARNS_IN)
        and not s.bullet
        and (ranks[s.position] > 0 or not in_items(s, "item_1"))
        and not any(alike(s.text, c.text) for c in chosen)
    ]
    first = min(
        found, key=lambda s: (_EARNS_IN.index(s.section.split("/")[0]), s.position), default=None
    )
    return [first] if first else []


# A model's designation: letters and digits in one word ("SR5690", "780E", "AM3/3+", "9-Series").
_MODEL = re.compile(r"^(?=[\w/+.-]*\d)(?=[\w/+.-]*[A-Za-z])[\w/+.-]+$")
_CATALOGUE_MODELS = 3


def _catalogue(text: str) -> bool:
    """Whether a sentence lists models by their designations ("We also offer AMD 785E, 780E,
    780M, SR5690 ... chipsets"): a catalogue's line, too fine for what the company does."""
    words = (w.strip(",.;:()“”\"'") for w in text.split())
    return sum(bool(_MODEL.match(w)) for w in words) >= _CATALOGUE_MODELS


# A line's line-up named by its models' designations ("This family of commercial jet aircraft in
# production includes the 737 narrow-body model and the 767, 777 and 787 wide-body models"): a
# designation is a model's word ("777X") or a bare number of three or four digits that is no year.
_LINE_UP = re.compile(
    r"\b(models?|family|families|series|line-?up|range)\b[^.]{0,60}\b(includes?|including|"
    r"consists? of|comprises?)\b|\b(includes?|including|consists? of|comprises?)\b[^.]{0,80}"
    r"\b(models?|family|families|series)\b",
    re.IGNORECASE,
)
_BARE_DESIGNATION = re.compile(r"^(?!(19|20)\d\d$)\d{3,4}$")


def _line_up(text: str) -> bool:
    """Whether a sentence names a line's models by their designations, three or more."""
    if not _LINE_UP.search(text):
        return False
    words = (w.strip(",.;:()“”\"'") for w in text.split())
    designations = {w for w in words if _MODEL.match(w) or _BARE_DESIGNATION.match(w)}
    return len(designations) >= _CATALOGUE_MODELS


# How its offerings are tiered and priced, which a 10-K may state only in its MD&A: "We offer
# three types of streaming membership plans", "pricing on our plans ranged in the U.S. from $7.99
# to $13.99 per month".
_TIERS_AND_PRICES = re.compile(
    r"\b(we|the company) (offers?|provides?|sells?|has) (two|three|four|five|six|seven|eight|"
    r"\d+) (\w+ ){0,2}(types|kinds|tiers|levels|classes) of\b|"
    r"\bpric(es|ing) (on|of|for) (our|its) (\w+ ){0,2}(plans|products|subscriptions|"
    r"memberships|services|tiers)\b[^.]{0,20}\b(ranged?|ranges|started|starts)\b.{0,40}?\d",
    re.IGNORECASE,
)


# The headings of the notes' accounting policies, in an MD&A or the notes.
_POLICY_HEADING = re.compile(
    r"revenue recognition|accounting polic|significant accounting|use of estimates|basis of "
    r"(presentation|preparation)",
    re.IGNORECASE,
)


def _descriptive(s: Sentence) -> bool:
    """Not a change of the period, not a risk, not accounting for revenue, not a pointer to
    another part, not a place."""
    return not (
        PERFORMANCE.search(s.text)
        or RISK_FACTOR.search(s.text)
        or REFERRAL.search(s.text)
        or NOT_AN_OFFERING.search(s.text)
    )


_ABBREVIATION = re.compile(r"\s*\(\s*[“\"']?([\w&.-]{1,12})[”\"']?\s*\)")


def without_abbreviations(items: list[Item]) -> list[Item]:
    """Items named once: an abbreviation another item's name gives in brackets ("RL" beside
    "Reality Labs (RL)") is left out, and so is the bracketed name when the plain one is there
    ("Reality Labs (RL)" beside "Reality Labs")."""
    short = {m.group(1).lower() for i in items for m in _ABBREVIATION.finditer(i.name)}
    plain = {i.name.lower() for i in items}
    return [
        i
        for i in items
        if i.name.lower() not in short
        and (
            _ABBREVIATION.sub("", i.name).lower() == i.name.lower()
            or _ABBREVIATION.sub("", i.name).lower() not in plain
        )
    ]


# What a report measures its deliveries or production of, by volume: "Stainless steel deliveries
# were 1,793,000 tonnes", "Leveranserna av kartong uppgick till 1 234 tusen ton", "Paperin
# toimitukset olivat 512 000 tonnia".
_DELIVERED = re.compile(
    r"^(?P<name>[A-Z][a-z]+(?: [a-z]+){0,2}) (deliveries|production|shipments) (were|was|"
    r"amounted to|totall?ed|rose to|fell to|increased to|decreased to)\s[^.]{0,40}?\d[\d,. ]*\s?"
    r"(thousand )?(tonnes|tons|units|vehicles|barrels|cubic metres|m3|MWh|GWh|TWh)\b|"
    r"^(?:Leveranserna|Produktionen) av (?P<sv>[a-zåäö]+(?: [a-zåäö]+)?) uppgick till\s[^.]{0,40}?"
    r"\d[\d,. ]*\s?(tusen )?(ton|enheter|fordon|kubikmeter|MWh|GWh|TWh)\b|"
    r"^(?P<fi>[A-ZÅÄÖ][a-zåäö]+)(toimitukset|tuotanto|n toimitukset|n tuotanto) (olivat|oli)\s"
    r"[^.]{0,40}?\d[\d,. ]*\s?(tuhatta )?(tonnia|kappaletta|yksikköä|ajoneuvoa|MWh|GWh|TWh)\b"
)


def _delivered(s: Sentence) -> str | None:
    """What a report or release says it delivers or produces by volume, by its name."""
    found = None if s.section else _DELIVERED.match(s.text.lstrip("*•- "))
    if found is None:
        return None
    return next(n for n in (found["name"], found["sv"], found["fi"]) if n).capitalize()


def products(
    blocks: list[Block],
    lines: list[DocumentLine],
    sentences: list[Sentence],
    issuer: Issuer,
    tables: list[DocumentLine] | None = None,
) -> Found:
    """The issuer's own list of products, services, segments or business areas (`tables`: a
    sectioned filing's rendered table rows, for its tables of revenue by product line)."""
    segments = segment_rows(lines) + named_segments(sentences) + listed_in_sentences(sentences)
    listed = listed_products(blocks)
    if not any(b.section for b in blocks):  # a report's headings: only those it names segments
        known = {i.name.lower() for i in segments}
        listed = [i for i in listed if i.name.lower() in known]
    segments += segment_headings(blocks, segments)
    under = lines_under_segments(blocks, segments) + lines_by_their_sales(sentences, segments)
    # what a report measures its deliveries of ("Stainless steel deliveries were ... tonnes")
    volumes: dict[str, Sentence] = {}  # the first sentence of each name
    for s in sentences:
        name = _delivered(s)
        if name:
            volumes.setdefault(name, s)
    delivered = [Item(n, s.page_id, s.page_number, "deliveries") for n, s in volumes.items()]
    measured = {s.position for s in volumes.values()}
    items = unique(listed + segments + under + delivered + product_table_rows(tables or []))
    items = without_list_parts(named_in_full(without_abbreviations(items), sentences))
    # the listed lines' names, not the issuer's own ("Foot Locker" is a banner and the company)
    own = [n.lower() for n in issuer.names]
    names = {
        i.name
        for i in items
        if len(i.name) > 3 and not any(n in i.name.lower() or i.name.lower() in n for n in own)
    }
    all_names = {i.name for i in items}
    firsts = {
        p for p in _first_sentences(sentences, all_names) if _says_what_or_offers(sentences, p)
    } - _described_before(sentences, all_names)

    def rank(s: Sentence) -> int:
        if s.position in measured:
            return 4  # the first that says how much of a product it delivered
        cue = bool(CUES["products_services"].search(s.text))
        # the issuer's own description ("About X", "As a leading supplier of ..., we"): its
        # "increased profitability" is a promise, not a period's change
        described = cue and (bool(AS_ONE_OF.match(s.text)) or is_under(s, "overview", 1))
        plain = described and not s.section and not re.search(r"\d", s.text)
        if not in_items(s, "item_1", "item_7", "item_8") or not (_descriptive(s) or plain):
            return 0
        if _other_part(s) and not is_under(s, "products_services", 1):
            return 0
        if _COMMITTED.search(s.text):
            return 0  # "Neste is committed to reaching carbon-neutral production by 2035": an aim
        if _ORGANISED.search(s.text):
            return 0  # its functions and structure inside
        tiers = bool(_TIERS_AND_PRICES.search(s.text))
        # a segment's product categories, under its heading ("Our product categories include
        # super-premium ice cream ...", General Mills' MD&A under "INTERNATIONAL SEGMENT")
        categories = bool(_CATEGORIES.search(s.text)) and (
            bool(SEGMENT_KINDS.search(s.text))
            or any(SEGMENT_KINDS.search(h.lower()) for h in s.headings[:1])
        )
        if s.section.startswith(("item_7", "item_8")) and (
            not (SEGMENT_KINDS.search(s.text) or tiers or categories)
            or any(_POLICY_HEADING.search(h) for h in s.headings[:2])
            or _DATED_EVENT.match(s.text)
        ):
            # a revenue policy's rebates "in various target markets" offer nothing, nor does
            # what was done in a year ("In fiscal 2023, the Company completed a prioritization of
            # its research and development investment within its Innovative Medicine segment")
            return 0
        if _places_named(s.text) >= 2 and "segment" in s.text.lower():
            return 0  # segments that are places: geography
        if STRONG["geography"].search(s.text) and not SEGMENT_KINDS.search(s.text):
            return 0  # "offices in nine countries": where, not what
        says = bool(SAYS_WHAT.search(s.text))
        made_of = bool(_IS_OURS.search(s.text))  # what it is made of, under a products heading
        # a sentence that says what one of the listed lines is or offers
        names_one = (
            says
            and not _NOT_WHAT_IT_OFFERS.search(s.text)
            and any(re.search(rf"\b{re.escape(name)}\b", s.text) for name in names)
        )
        return (
            3 * names_one
            + 6 * (_weighs_one(s.text, all_names) or bool(_KEY_OFFERINGS.search(s.text)))
            + 6 * categories
            + 6 * _names_its_parts(s.text, all_names)
            + 6 * (s.position in firsts)
            + 4 * (_line_up(s.text) or tiers)
            + 3 * (is_under(s, "products_services", 1) and cue and (says or made_of))
            + 2 * bool(SEGMENT_KINDS.search(s.text) and cue and says)
            + 2 * (issuer.is_subject(s.text) and cue and says)
            + 2 * (described and not s.section)
        )

    ranked = cache(lambda s: rank(s) if rank(s) >= 2 else 0)
    chosen = pick(sentences, KEEP["products_services"], ranked)
    # a segment's first sentence may say whom it serves and go to the customers: the next best
    # stand ready (the greedy pick's first `keep` are the same for any larger `keep`)
    spare = [s for s in pick(sentences, 2 * KEEP["products_services"], ranked) if s not in chosen]
    spare.sort(key=lambda s: (-ranked(s), s.position))
    return Found(chosen, items[:20], heading_of(chosen), spare=spare)


# One of the listed lines run in before what it is made of: "Computing and Mobile Phones -
# computing (including desktops, notebooks and peripherals), mobile phones ..." (Best Buy's
# revenue categories under "Merchandise and Services").
_RUN_IN_NAME = re.compile(r"^([^-–—:.]{3,60}?)\s+[-–—:]\s+\w")


def _names_its_parts(text: str, names: set[str]) -> bool:
    match = _RUN_IN_NAME.match(text)
    return match is not None and match.group(1).lower() in {n.lower() for n in names}


# A line's product categories, listed: "Our major product categories in our North America
# Foodservice operating segment are ready-to-eat cereals, snacks, ...".
_CATEGORIES = re.compile(
    r"^(our|its|the segment[’']s) (major |main |principal |key |primary )?(product )?categories"
    r"( in [^.,]{3,80})? (are|include)\b",
    re.IGNORECASE,
)
# A line's weight in the business: its share of sales or its revenue ("Flexibles accounted for
# approximately 76% of consolidated net sales", "the Consumer segment's revenues were $103.5
# billion, representing approximately 76% of ... consolidated revenues").
_SHARE_OF_SALES = re.compile(
    r"\b(accounted for|represent(s|ed|ing)?|comprised?|made up|contributed)\s+(approximately |"
    r"about |roughly |nearly |over |more than |almost )?\d+(\.\d+)?\s?(%|percent|per cent) of\b"
    r"[^.]{0,40}\b(sales|revenues?)\b|\brevenues? (was|were) \$\s?\d",
    re.IGNORECASE,
)


# The issuer naming its key products, brands or franchises, or their share of sales:
# "Activision's key product franchise is Call of Duty", "Blizzard's key product franchises
# include: World of Warcraft ...", "our top three franchises—Call of Duty, Candy Crush, and World
# of Warcraft—collectively accounted for 67% of our net revenues".
_KEY_OFFERINGS = re.compile(
    r"\b((key|principal|main|major|largest|flagship|best-selling) |top (\w+ )?)(product )?"
    r"(franchises?|brands?|products?|titles?|product lines?)\b(,| is| are| include[sd]?:?|—)"
    r"[^.]{0,80}?\b[A-Z][\w®™]*",
)


def _weighs_one(text: str, names: set[str]) -> bool:
    """Whether a sentence gives one of the issuer's listed lines its share of sales or its
    revenue (a line named as the list has it, without its kind: "Flexibles" of "Flexibles
    Segment", "Consumer" of "Verizon Consumer Group (Consumer)"); never customers' shares."""
    if not _SHARE_OF_SALES.search(text) or CUSTOMER_WORDS.search(text):
        return False
    short = {
        re.sub(r"\s+(segment|group|division|business area)$", "", n, flags=re.I) for n in names
    }
    short |= {m for n in names for m in re.findall(r"\(([A-Z][\w&-]+)\)", n)}
    return any(re.search(rf"\b{re.escape(name)}\b", text) for name in short if len(name) > 3)


CUSTOMER_WORDS = re.compile(r"\b(customers?|clients?)\b", re.IGNORECASE)


# What a line is or how the business is made up, in the words SAYS_WHAT has not: "Powerwall and
# Megapack are our ... products", "is organized into two business segments", "has three
# reportable segments", "derives revenues from monthly membership fees", "are available to".
_IS_OURS = re.compile(
    r"\b(is|are) (our|its|their)\b|\b(organi[sz]ed|divided|split) (into|by)\b|\bha(s|ve) (\w+ )?"
    r"(reportable |operating |business )?segments\b|\bderives? (its |their )?revenues? from\b|"
    r"\b(is|are) (available|sold|offered) to\b",
    re.IGNORECASE,
)
# A year's event, told by its date first: "In fiscal 2023, ...", "During the fourth quarter of
# 2024, ..."
_DATED_EVENT = re.compile(
    r"^(in|during) (the )?(fiscal (year )?|(first|second|third|fourth) quarter of (fiscal )?)?"
    r"(19|20)\d\d\b",
    re.IGNORECASE,
)
# A commitment to reach a goal ("Neste is committed to reaching carbon-neutral production by
# 2035", "we are committed to maintaining ... our leverage below 40%"), not to what it offers
_COMMITTED = re.compile(
    r"\b(is|are|remains?) (firmly |fully )?committed to (reach|reduc|achiev|becom|maintain|cut|"
    r"lower|halv|keep|deliver(ing)? (on )?(our|its|the) (targets?|goals?))",
    re.IGNORECASE,
)
# What it targets or aims at, not its "target markets"
_TARGETING = re.compile(
    r"\btarget(s|ing|ed)?\b(?! (markets?|customers?|groups?|audiences?|segments?))|\baim(s|ing)? "
    r"(for|at|to)\b|\bambitions?\b|\bguidance\b|\bobjectives? (is|are)\b|\btavoit\w*|"
    r"\bmålsättning\w*|\bmål\b",
    re.IGNORECASE,
)
# What a sentence that names a product line says that is not what the line is or offers: how
# its market fared or is expected to, its trademarks.
_NOT_WHAT_IT_OFFERS = re.compile(
    r"\b(expect\w*|developed (well|weakly|strongly)|turnaround|market position|trademarks?|"
    r"service marks|trade names)\b",
    re.IGNORECASE,
)
# How the company is organised inside ("Glaston has three Business Functions in the new
# structure: Market Areas, Solutions & Operations, and Service Supply & Development"), not what
# it sells.
_ORGANISED = re.compile(
    # ... or that it is organised by what it offers, naming none ("We are organized based on the
    # products and services we offer.")
    r"^(we are|the company is) organi[sz]ed (primarily )?(based on|by|around) (the )?(products "
    r"and services|types of products)\b[^.]{0,30}\.$|"
    r"\bbusiness functions\b|\bnew (organi[sz]ational |operating )?structure\b|"
    r"\baffärsfunktioner\b|\bliiketoimintafunktio\w*",
    re.IGNORECASE,
)


def _described_before(sentences: list[Sentence], names: set[str]) -> set[int]:
    """Positions of sentences in a 10-K's MD&A or notes (Items 7, 8) under the heading of a line
    that Item 1 has already said what it is or offers ("The Domestic DVD segment derives revenues
    from ..." on page 3, "In the Domestic DVD segment, we derive revenues from ..." under
    "Domestic DVD Segment" on page 25): no first description of that line."""
    described = {
        name.lower()
        for s in sentences
        if s.section.split("/")[0] == "item_1"
        and (SAYS_WHAT.search(s.text) or _IS_OURS.search(s.text))
        for name in names
        if len(name) > 3 and re.search(rf"\b{re.escape(name)}\b", s.text, re.IGNORECASE)
    }
    return {
        s.position
        for s in sentences
        if s.section.startswith(("item_7", "item_8"))
        and s.headings
        and _KIND_LAST.sub("", s.headings[0]).lower() in described
    }


def _says_what_or_offers(sentences: list[Sentence], position: int) -> bool:
    """Whether the sentence at a position says what something is or offers (the first sentence
    under a segment's heading in a release's outlook speaks of its market instead)."""
    text = next(s.text for s in sentences if s.position == position)
    return bool(SAYS_WHAT.search(text) or CUES["products_services"].search(text))


def _first_sentences(
    sentences: list[Sentence], names: set[str], pages: dict[str, int] | None = None
) -> set[int]:
    """Positions of the first sentence under each listed heading, or run in after it ("Income
    Taxes: Income taxes are recorded ..."), from the page the name is listed on where `pages`
    says it (an auditor's report may use an estimate's heading pages before its note does)."""
    # a name listed with the short name it goes by in brackets heads its text without it
    # ("Verizon Business Group (Business)" under the heading "Verizon Business Group"), or by
    # its initials ("Amazon Web Services" under "AWS")
    named = (
        {_initials(n): n for n in names if len(_initials(n)) >= 2}
        | {_BRACKETED_SHORT.sub("", n): n for n in names}
        | {n: n for n in names}
    )
    firsts: dict[str, int] = {}
    for s in sentences:
        run_in = _RUN_IN.match(s.text)
        name = run_in.group(1) if run_in and run_in.group(1) in names else None
        heading = _KIND_LAST.sub("", s.headings[0]) if s.headings else ""
        if name is None and s.headings and (s.headings[0] in named or heading in named):
            name = named.get(s.headings[0]) or named[heading]
        if name is not None and (s.page_number or 0) < (pages or {}).get(name, 0):
            continue
        if name is not None and name not in firsts:
            firsts[name] = s.position
    return set(firsts.values())


_RUN_IN = re.compile(r"^([^:.–—]{3,80}?)\s*[:.–—]\s")
# A heading that names a listed line with its kind after it ("Commercial Airplanes Segment" of
# "Commercial Airplanes").
_KIND_LAST = re.compile(r"\s+(segment|business segment|business area|division|business)$", re.I)
_BRACKETED_SHORT = re.compile(r"\s+\([^()]+\)$")


def _initials(name: str) -> str:
    """The initials of a name's capitalized words ("AWS" of "Amazon Web Services")."""
    return "".join(word[0] for word in name.split() if word[:1].isupper())


def _places_named(text: str, language: str = "en") -> int:
    """How many places a sentence names: countries and regions, and in English the states of the
    United States (where a regional operator's resorts, stores or networks are)."""
    named = sum(
        classify(m.group()) is not None or (language == "en" and us_state(m.group()))
        for m in PLACE_WORD.finditer(text)
    )
    if language in ("fi", "sv"):  # "Suomessa, Ruotsissa ja Saksassa", "Sveriges"
        return max(named, len(places_in(text, language)))
    return named


# A share of revenue or sales from outside the home market, given as a percentage ("International
# sales as a percentage of net revenue were 75%", "Revenue from sales to customers outside of the
# United States accounted for 53%").
_SHARE_ABROAD = re.compile(
    r"\d+\s?(%|per ?cent)[^.]{0,80}\b(outside|international|foreign|non-u\.s\.)|"
    r"\b(outside|international|foreign|non-u\.s\.)[^.]{0,80}\d+\s?(%|per ?cent)",
    re.IGNORECASE,
)


# A share of the company's revenue ("41% of our revenues", "as a percent of net revenue", "44%
# ... of consolidated amounts"), not a change in it ("the 43% growth in ...").
_OF_REVENUE = re.compile(
    r"\bof (our |its |the company's |total |consolidated |net )*(revenues?|sales|amounts)\b",
    re.IGNORECASE,
)


# What a company buys, sells or builds somewhere ("signed an agreement to acquire the Finnish
# sawmill company", "The consumer board investment at the Oulu site in Finland", operations
# refranchised or held for sale): its strategy, not where it sells.
_DEALT = re.compile(
    r"\b(acquir\w+|acquisitions?|divest\w*|refranchis\w*|invest(s|ed|ing|ments?)?|held for "
    r"sale)\b|"
    r"\bförvärv\w*|\bavyttr\w*|"
    r"\binvestering\w*|\byritysost\w*|\binvestoin\w*",
    re.IGNORECASE,
)

# The currencies of the places named ("a stronger U.S. dollar compared to certain foreign
# currencies, including the Argentine peso"): exchange rates, not where it sells.
_CURRENCIES = re.compile(
    r"\bcurrenc(y|ies)\b|\bexchange rates?\b|\bvaluta\w*|\bvaluut\w*", re.IGNORECASE
)


def geography(sentences: list[Sentence], language: str = "en") -> Found:
    """Where the company sells and operates, in its own words."""

    def rank(s: Sentence) -> int:
        # a 10-K's market risks (Item 7A) are of currencies and its risk factors (Item 1A) of
        # what may happen, unless they state the share of revenue from abroad ("net sales from
        # our International segment accounted for 22% of our consolidated revenues", "In 2022,
        # non-U.S. customers ... accounted for approximately 41% of our revenues")
        shares = bool(_SHARE_ABROAD.search(s.text) and _OF_REVENUE.search(s.text))
        market_risk = s.section.startswith("item_7a") and not shares
        risk_factor = s.section == "item_1a" and not shares
        if RISK_FACTOR.search(s.text) or risk_factor or market_risk or _other_part(s):
            return 0
        if PERFORMANCE.search(s.text) and re.search(r"\d", s.text):
            return 0  # a period's change by market area ("growth in three of four market areas")
        places = _places_named(s.text, language)
        present = not s.section and places >= 3 and bool(PRESENT_IN.search(s.text))
        # where a release, a report or a 10-K's business (Item 1) says its sites are ("the
        # Porvoo oil refinery in Finland", "we also have manufacturing facilities in China and
        # Germany", "operate two casino resorts in Macau"); a 10-K's
        # Item 2 lists them all
        sited = s.section in ("", "item_1") and places >= 1 and bool(_SITED_IN.search(s.text))
        strong = present or shares or sited or bool(STRONG["geography"].search(s.text))
        if not strong and (PERFORMANCE.search(s.text) or places < 2):
            return 0
        if DEFINITION.search(s.text) or (
            NOT_WHERE_IT_SELLS.search(s.text) and not (present or sited)
        ):
            return 0
        if OUTLOOK_STATEMENT.search(s.text) and not (present or shares):
            return 0  # what a site's ramp-up is expected to do to margins is an outlook
        if _DEALT.search(s.text) and not (present or shares):
            return 0  # what it buys, sells or builds there is its strategy
        if _CURRENCIES.search(s.text) and not (present or shares):
            return 0  # the currencies of its markets: what exchange rates did to its results
        # a 10-K's properties (Item 2) say where its offices stand, after where it sells
        properties = 2 * (s.section == "item_2")
        # the share of revenue from abroad is what an analyst asks first of where it sells
        abroad = strong and bool(_SHARE_ABROAD.search(s.text))
        return (
            3 * strong
            + 3 * abroad
            + 2 * is_under(s, "geography", 2)
            + (3 if places >= 3 else places // 2)
            - properties
        )

    chosen = pick(sentences, KEEP["geography"], lambda s: rank(s) if rank(s) >= 3 else 0)
    # one statement made of each business area in turn ("Principal product development and
    # manufacturing units are located in ...", Atlas Copco's four) is kept whole
    # (on the page of the one chosen, and saying it of something else)
    openings = {(_opening(s.text), s.page_id) for s in chosen}
    parallel: list[Sentence] = []
    for s in sentences:
        if (_opening(s.text), s.page_id) not in openings or rank(s) < 3:
            continue
        if not any(s.text == c.text or alike(s.text, c.text) for c in [*chosen, *parallel]):
            parallel.append(s)
    chosen = sorted([*chosen, *parallel][: 2 * KEEP["geography"]], key=_position)
    return Found(chosen, source_heading=heading_of(chosen))


def _opening(text: str) -> str:
    """A sentence's first six words, in lower case: what parallel statements share."""
    return " ".join(text.lower().split()[:6])


_SITES = (
    r"(sites?|plants?|mills?|refiner(y|ies)|factor(y|ies)|gigafactor(y|ies)|mines?|smelters?|"
    r"production (lines?|units?|facilit(y|ies))|manufacturing (units?|facilit(y|ies)|"
    r"operations)|(casino )?resorts?|casinos|hotels|stores|shops|outlets|clinics|branches|"
    r"restaurants|data cent(er|re)s|"
    r"warehouses|(distribution|fulfill?ment) cent(er|re)s)"
)
# A site in a named place ("the Porvoo oil refinery in Finland", "casino resorts in Macau"), or a
# list of sites each with its place ("the following casino resorts: MGM Grand Detroit in
# Detroit, Michigan; ...").
_SITED_IN = re.compile(
    rf"\b{_SITES}( (in|at)|(:| including| such as)[^.;]{{1,40}}? (in|at)) (the )?(?-i:[A-Z])|"
    r"\b(anläggning\w*|fabrik\w*|bruk\w*) i (?-i:[A-Z])|\b(?-i:[A-Z])\w+(n|ssa|llä) "
    r"(tehta\w+|tuotantolaito\w+)",
    re.IGNORECASE,
)


def _other_part(s: Sentence) -> bool:
    """Under a heading of competition, regulation, legal matters or patents (the nearest two in
    a 10-K): about other companies or rules, not about where the issuer sells or what it aims
    at."""
    return any(OTHER_PARTS.search(h) for h in s.headings[: 2 if s.section else 1])


# Under which laws it is incorporated (its legal form), or what it is exposed to (a risk): not
# what it does.
_LEGAL_FORM = re.compile(
    r"\bincorporated under\b|^(we|it|the company) (was|were) incorporated in\b|"
    r"organi[sz]ed under the laws|registered (office|number)|\bARBN\b|"
    r"\bcompany number\b|\bexposed to\b",
    re.IGNORECASE,
)
_RIGHTS_OR_RULES = re.compile(
    r"regulation|regulatory|governmental|legal proceedings|litigation|patents|intellectual "
    r"property|trademarks|human capital|cybersecurity",
    re.IGNORECASE,
)


def _rights_or_rules(s: Sentence) -> bool:
    """Under a heading of patents, regulation, legal matters, the workforce or cybersecurity
    (the nearest two in a 10-K); unlike `_other_part`, competition is not among them (a 10-K's
    Competition part often says what the company makes: "designs and develops nearly the
    entire solution for its products")."""
    return any(_RIGHTS_OR_RULES.search(h) for h in s.headings[: 2 if s.section else 1])


def _about_people(text: str) -> bool:
    """Whether a sentence is about the workforce: its first words name it ("Our employees are
    ..."), or the first words of what it says it focuses on ("We are focused on the safety of
    our employees ..."), or it names the strategy ("our human capital strategy"); a list of
    priorities that includes talent is not."""
    focus = re.search(r"\bfocus(ed|es)? on\b", text, re.I)
    return bool(
        PEOPLE.search(" ".join(text.split()[:6]))
        or (focus and PEOPLE.search(" ".join(text[focus.end() :].split()[:6])))
        or re.search(rf"({PEOPLE.pattern})[\w ]{{0,30}}strateg", text, re.I)
    )


def _under_strategy(s: Sentence) -> bool:
    """Under a strategy, goals or outlook heading that is not a risk or security heading, nor a
    name ("Mission Systems", "Vision Care": a segment's): the nearest two in a 10-K (a strategy
    and its parts), the nearest in a report."""
    depth = 2 if s.section else 1
    return any(
        HEADINGS["strategy"].search(h)
        and not re.search(r"risk|cyber|tax|securit", h, re.I)
        and not _NAMED_MISSION.search(h)
        and not _ASSUMPTIONS.search(h)
        for h in s.headings[:depth]
    )


# What an outlook assumes ("Assumptions behind the outlook": "Input costs are expected to be
# stable"), beside the outlook it qualifies
_ASSUMPTIONS = re.compile(
    r"\bassumptions\b|\bantaganden\b|\boletuks\w*|\bolettamuks\w*", re.IGNORECASE
)


# An outlook's heading ("Outlook", "Looking ahead", "Utsikter", "Näkymät"), as against a
# strategy's or targets' (whose sentences state in the present what the issuer does).
_OUTLOOK_HEADING = re.compile(
    r"outlook|looking ahead|prospects|utsikter|prognos|näkymä|ohjeistus", re.IGNORECASE
)
# What looks ahead: a future, a period ahead ("this year", "the first half"), an expectation, a
# belief, a plan.
_LOOKS_AHEAD = re.compile(
    r"\b(will|would|shall|should|going forward|coming|next|ahead|future|this year|(first|second) "
    r"half|(short|medium|long)[- ]term|expect\w*|"
    r"anticipat\w*|believe\w*|forecast\w*|projected|projections?|estimat\w*|plans? to|planned|"
    r"intend\w*|aim\w*|"
    r"target\w*|outlook|guidance)\b|förvänt\w*|väntas|kommer att|bedöm\w*|tror\b|odote\w*|"
    r"arvio\w*|ennust\w*|uskomme|tulee(vat)?\b",
    re.IGNORECASE,
)


def _observed_under_outlook(s: Sentence) -> bool:
    """A sentence under an outlook heading (its nearest) that looks at nothing ahead and names no
    aim of the issuer's: what is observed now."""
    return (
        bool(s.headings and _OUTLOOK_HEADING.search(s.headings[0]))
        and not _LOOKS_AHEAD.search(s.text)
        and not _OWN_AIM.search(s.text)
    )


# What the issuer aims at, named as its own: its strategy, mission, goals or targets.
_OWN_AIM = re.compile(
    r"\bstrateg\w*|\b(our|its) (mission|vision|purpose|goals?|aims?|ambitions?|objectives?|"
    r"targets?)\b|\b(is|are) focused on|tavoit\w*|\bmål\b",
    re.IGNORECASE,
)
# What a guidance assumes or leaves out ("This guidance anticipates an unusually large,
# unfavorable impact ... from foreign exchange rates", "This guidance assumes, among other
# things, that no additional business acquisitions ... are concluded", "Kemira's outlook for 2024
# includes the Oil & Gas-related portfolio until the closing date of the divestment").
_CAVEAT = re.compile(
    r"^(this|the|our|such|these|[\w&.-]+[’']s) (guidance|outlook|forecasts?|expectations?)"
    r"( for (the )?(year )?\d{4})? (assumes?|"
    r"anticipates?|includes?|excludes?|reflects?|is based|are based|does not)\b",
    re.IGNORECASE,
)
_SEEKS = re.compile(r"^we (seek|strive|aim) to (?!be\b|become\b)", re.IGNORECASE)
_NAMED_MISSION = re.compile(r"\b(Mission|Vision|Purpose)\s+(?!Statement|And\b)[A-Z]")


# A 10-K's year-ahead outlook in its strategy: at most three sentences, and room for two of them
# whatever the strategy's own sentences rank.
_OUTLOOK_KEEP, _OUTLOOK_ROOM = 3, 2
# What an outlook of the business speaks of (not of its capital spending).
_TOP_LINE = re.compile(
    r"\b(net sales|revenues?|sales|earnings|EPS|operating (income|profit)|margins?|growth|"
    r"volumes?|deliver(y|ies|ed)|production|producing|stores|subscribers|customers)\b",
    re.I,
)
# What a release's outlook of its own results is of: its sales or earnings ("Adjusted EBITDA in
# the first quarter of 2025 is expected to be higher"), before its markets' or its costs'.
_EARNINGS = re.compile(
    r"\b(EBITDA|EBITA|EBIT|operating (profit|result|income|margin)|earnings|net sales|revenues?|"
    r"sales|profit|rörelseresultat\w*|nettoomsättning\w*|resultat\w*|liikevoit\w*|"
    r"liikevaih\w*|käyttökat\w*|tulos\w*)\b",
    re.IGNORECASE,
)
# A programme of its own to improve earnings or cut costs ("our EUR 350 million EBITDA run-rate
# improvement actions", "short-term cost-saving measures of EUR 50 million", "The profit
# improvement programme ... with a target of EUR 120 million"), not a restructuring's charges.
_PROGRAMME = re.compile(
    r"\b(cost[- ]sav\w*|savings|efficiency|improvement|profitability|turnaround|cost reduction)"
    r" (programmes?|programs?|actions|measures|initiatives?)\b|"
    r"\b(besparings|effektiviserings|åtgärds|förbättrings)program\w*|"
    r"\b(säästö|tehostamis|kannattavuu\w*|parannus)ohjelm\w*",
    re.IGNORECASE,
)
# A programme's size is money: "EUR 350 million", "SEK 1.2 billion", "$50 million".
_MONEY = re.compile(
    r"(\b(EUR|SEK|USD|NOK|DKK|MSEK|MEUR|BSEK)|[$€£])\s?\d|\d\s?(million|billion|miljoner|"
    r"miljarder|miljoonaa|miljardia|MSEK|MEUR|BSEK)\b",
    re.IGNORECASE,
)
_CAPITAL_SPENDING = re.compile(r"capital (expenditures?|program|spending)|\bcapex\b", re.I)
# What it spends on its assets, in plans of it: capital expenditure, capital investments, its
# investment in its (technical) infrastructure ("We expect to increase, relative to 2024, our
# investment in our technical infrastructure"), investeringar, investoinnit.
_CAPITAL_OUTLAY = re.compile(
    _CAPITAL_SPENDING.pattern + r"|\bcapital investments?\b|\binvestments? in (our |its )?"
    r"(technical )?infrastructure\b|\binvesteringar(na)?\b|\binvestoin(nit|tien|teja)\b",
    re.IGNORECASE,
)
# That the spending is planned, expected or forecast for a period ahead.
_PLANNED = re.compile(
    EXPECTED.pattern + r"|\bplanned\b|\bforecast\b|\bbudget\w*|\bplans? to\b|"
    r"\bexpect(s|ed)? to\b|\bförväntas\b|\bberäknas\b|\bplanerade\b|\barvio\w*|\bodote\w*",
    re.IGNORECASE,
)
# Its size, or the way it moves ("to be higher than in 2022", "our anticipated reduction").
_HOW_MUCH = re.compile(
    r"\d|\b(increase|decrease|higher|lower|reduc\w+|cut|raise|rais\w+|lift)\b|"
    r"\b(öka|minska|högre|lägre|kasva\w*|laske\w*|pienen\w*)\b",
    re.IGNORECASE,
)
# Spending named as what is to be funded, reviewed or accounted for, not a plan of it ("sources
# of liquidity will be sufficient to fund operations and anticipated capital expenditures").
_FUNDED = re.compile(
    r"\bfund(s|ed|ing)?\b|\bsufficient\b|\bliquidity\b|\bfinanc\w+|\bobligated\b|"
    r"\baccounting for\b|\bnot necessarily\b|\bcompliance\b|\bmaterial (adverse )?effect\b",
    re.IGNORECASE,
)
# What the spending did in the period reported ("Capex paid ... decreased due to reduced
# investments"), which no plan states.
_CHANGED = re.compile(
    r"\b(increased|decreased|rose|fell|grew|declined|ökade|minskade|kasvoi|laski|väheni)\b", re.I
)
# A decision of its strategy a report or release announces: to invest, start, stop, exit or sell
# ("decided to invest EUR 40 million in a biocarbon plant", "Neste has decided to start a
# performance improvement program"), or a plan given up ("is currently not proceeding with a cold
# rolling investment in the U.S.", "we are no longer planning to move forward with ...").
_DECIDED = re.compile(
    r"\bdecided (not )?to (invest|start|launch|cancel|stop|exit|divest|close|discontinue|acquire|"
    r"sell|build|expand|pause|postpone)\b|\b(is|are) (currently )?not proceeding with\b|"
    # a deal agreed or planned ("signed an agreement to acquire the Finnish sawmill company",
    # "plans to sell approximately 12% of its Swedish forest assets")
    r"\b(signed|entered into|reached) (an|a definitive) agreement to (divest|sell|acquire|"
    r"carve out|combine|merge)\b|"
    r"\b(plans?|planning|intends?) to (divest|sell)\b|\bplanned (sale|divestment)\b|"
    r"\b(is|are) no longer planning to\b|\bbeslutat att (investera|starta|avbryta|avveckla|"
    r"lägga ned|lägga ner|sälja|förvärva|bygga|stänga)\b|\b(päätti|päättänyt) (investoida|"
    r"aloittaa|lopettaa|luopua|myydä|ostaa|rakentaa|sulkea)\b",
    re.IGNORECASE,
)
# A sentence that announces decisions of its strategy ("Today, we announced some strategic
# decisions."): the decisions it is followed by come first.
_ANNOUNCES_DECISIONS = re.compile(
    r"\bstrategic decisions\b|\bstrategiska beslut\b|\bstrategisia päätöksiä\b", re.IGNORECASE
)
_FOLLOWED_BY = 3  # the sentences after such an announcement that its decisions are among
# The room a strategy keeps besides its ranked sentences for the decisions a release announces
# (a plan of its capital spending has room for one more, and so has a dividend proposed).
_DECIDED_ROOM = 2
# What the board proposes to pay its shareholders ("The Board of Directors proposes that a
# dividend of EUR 0.26 per share to be paid", "the Board will propose a dividend for the financial
# year 2019 of SEK 5.00", "Styrelsen föreslår en utdelning", "Hallitus ehdottaa osingoksi").
_DIVIDEND_PROPOSED = re.compile(
    r"\b(propos\w+|will propose)\b[^.]{0,60}\b(dividend|capital repayment)\b|"
    r"\bföreslå\w*\b[^.]{0,60}\butdelning\b|\behdotta\w*\b[^.]{0,60}\b(osinko\w*|pääomanpalautu\w*)",
    re.IGNORECASE,
)
# ... not what the accounts make of it
_NOT_RECOGNISED = re.compile(r"\b(recogni[sz]ed|liability|redovisa\w*|kirja\w*)\b", re.I)


# What a 10-K says it returns to its shareholders (its MD&A's liquidity part, Item 5): the
# policy ("Our long-term capital allocation strategy is to first fund operations ... then return
# excess cash over time to shareholders"), the program its board approved or the change it made
# ("our Board approved a new $5.0 billion share repurchase program", "a 5% increase in the
# regular quarterly dividend to $0.92 per share", "we announced the suspension of our
# dividend"), else what it paid in the year ("Dividends paid in fiscal 2022 totaled $1,244
# million, or $2.04 per share"). Not what the returns did to cash or shares, nor how they were
# funded.
_RETURN_POLICY = re.compile(
    r"\bcapital allocation (strategy|priorit\w+|framework|policy)\b|\breturn(ing)? (excess |"
    r"surplus )?(cash|capital) (over time )?to (our )?(shareholders|stockholders)\b",
    re.IGNORECASE,
)
_RETURN_DECIDED = re.compile(
    r"\b(approved|authori[sz]ed|approval|announced|declared)\b(\d\.\d|[^.]){0,80}\b(share "
    r"repurchase|(stock )?repurchase (program|plan)|buyback|dividend)|\b(remaining "
    r"authori[sz]ation|increase\w* (in )?(the|our) (regular )?(quarterly |annual )?(cash )?"
    r"dividend)|"
    r"\bsuspen\w+ (of )?(our |the )?(dividend|share repurchase)|"
    r"\b(dividends?|share repurchases?)\b[^.]{0,40}\bsuspended\b",
    re.IGNORECASE,
)
_RETURN_PAID = re.compile(
    r"\b(dividends? (paid|declared)|(paid|declared|returned)\b(\d\.\d|[^.]){0,40}\bdividends?|"
    # "we repurchased and retired $2.8 billion of our common stock"
    r"repurchased (\d\.\d|[^.]){0,40}\b(shares|(common )?stock)|paid (\d\.\d|[^.]){0,20}\bto "
    r"repurchase)\b",
    re.IGNORECASE,
)
_NOT_THE_RETURN = re.compile(
    r"\b(driven by|due to|result(ed)? (of|from|in)|offset|excise tax|to fund|fund the|non-GAAP|"
    r"weighted|diluted|subject to|restrict\w*|may vary|evaluated|yield|volatility|measure|"
    r"useful)\b",
    re.IGNORECASE,
)
_REPURCHASE = re.compile(r"repurchas|buyback", re.IGNORECASE)
_HOW_MANY = re.compile(
    rf"{_MONEY.pattern}|\bper share\b|\d+(\.\d+)? (million |billion )?shares\b|\d\s?%",
    re.IGNORECASE,
)
_HALTED = re.compile(r"\bsuspen\w+|\bterminat\w+", re.IGNORECASE)
# That it pays no dividend and means to pay none: "We have not declared or paid any cash
# dividends, and we have no present intention of paying any cash dividends in the foreseeable
# future", "we do not have any plans to pay dividends", "We do not currently intend to pay
# dividends".
_NO_DIVIDEND = re.compile(
    r"\b((no|not have any) (present |current )?(intention|plans?) (of|to) (pay|paying|declar\w+)|"
    r"(do|does) not (currently )?(intend|expect|anticipate|plan) to (pay|declare))\b[^.]{0,30}"
    r"\bdividends\b",
    re.IGNORECASE,
)
_CAPITAL_RETURNS = 3  # its policy, its buybacks and its dividend: one each


def _capital_return(s: Sentence) -> int:
    """How well a 10-K's sentence states what it returns to its shareholders: its policy 3, a
    program approved or changed 2, what it paid 1; 0 for none."""
    if not (_in_mdna(s) or s.section == "item_5") or _NOT_THE_RETURN.search(s.text):
        return 0
    if _RETURN_POLICY.search(s.text):
        return 3
    if _NO_DIVIDEND.search(s.text):
        return 2  # that it pays none, and means to pay none
    if _RETURN_DECIDED.search(s.text) and (_HOW_MANY.search(s.text) or _HALTED.search(s.text)):
        return 2  # at its size ("has an authorized share repurchase program" says none)
    return int(bool(_RETURN_PAID.search(s.text) and _MONEY.search(s.text)))


def _of_buybacks(text: str) -> bool:
    """Whether a sentence of capital returns is of buybacks rather than dividends: the one it
    names first ("suspend the ongoing dividends in light of ... our share repurchase plan" is of
    its dividend)."""
    buyback, dividend = _REPURCHASE.search(text), _DIVIDEND_WORD.search(text)
    if buyback is None:
        return False
    return dividend is None or buyback.start() < dividend.start()


_DIVIDEND_WORD = re.compile(r"\bdividend", re.IGNORECASE)


def _capital_returns(sentences: list[Sentence]) -> list[Sentence]:
    """A 10-K's capital returns: its policy, then its buybacks and its dividends, each by its
    best sentence (the first of the best: the year reported before the year before)."""
    ahead = _year_ahead(sentences)
    reported = int(ahead) - 1 if ahead else None

    def of_the_year(s: Sentence) -> bool:  # what was paid in the year reported, not before
        years = [int(y) for y in _YEAR.findall(s.text)]
        return reported is None or not years or max(years) >= reported

    found = [(s, r) for s in sentences if (r := _capital_return(s)) > 1 or (r and of_the_year(s))]
    policy = [s for s, r in found if r == 3][:1]
    rest = [(s, r) for s, r in found if 0 < r < 3]
    kinds = []
    for repurchase in (True, False):
        of_kind = [(s, r) for s, r in rest if _of_buybacks(s.text) is repurchase]
        if of_kind:
            kinds.append(min(of_kind, key=lambda f: (-f[1], f[0].position))[0])
    return [*policy, *kinds][:_CAPITAL_RETURNS]


def _position(s: Sentence) -> int:
    return s.position


def _has_money(s: Sentence) -> int:
    return int(bool(_MONEY.search(s.text)))


_YEAR = re.compile(r"\b(20\d\d)\b")
# An outlook given before ("Previous near-term outlook (published July 18, 2025): ...")
_SUPERSEDED = re.compile(
    r"(previous|earlier|former|prior) ([\w-]+ ){0,2}(outlook|guidance)\b|(tidigare|föregående) "
    r"(\w+ ){0,2}(utsikter|prognos|framtidsutsikter)|(aiempi|edellinen) (\w+ ){0,2}"
    r"(näkymä|näkymät|ohjeistus)",
    re.IGNORECASE,
)
# That targets were set or changed, not what they are: "Neste updates its financial targets for
# 2025-2026"
_NAMES_TARGETS_ONLY = re.compile(
    r"\b(updates?|updated|sets?|revises?|revised|announces?|presents?|introduces?) (its|their|"
    r"our|new|updated|the) ((new|updated|revised|financial|long-term) ){0,2}targets\b(?![^.]*\d%)|"
    # that a board approved or adopted them ("announced that its Board of Directors had approved
    # the company's updated, long-term financial targets")
    r"\b(approved|adopted)\b[^.]{0,60}\btargets\b(?![^.]*\d%)",
    re.IGNORECASE,
)
_LEVEL = re.compile(TARGET_LEVEL, re.IGNORECASE)
# A level a measure of its own should reach, said without the word target ("Return on capital
# employed excluding goodwill ... should exceed 50 per cent", "ska överstiga", "tulee olla yli").
_SHOULD_REACH = re.compile(
    r"\bshould (exceed|not exceed|be (above|below|at least|more than|less than|over|under|"
    r"within|in the range)|amount to|reach|average)\b|"
    # a range a measure is kept within ("Tele2 will seek to operate within a range for economic
    # net debt to underlying EBITDAaL of between 2.5-3.0x")
    r"\bseeks? to (operate|stay|remain) within\b|\bska (överstiga|understiga|uppgå till|"
    r"vara (minst|över|under))\b|\b(tulee|pitää|pitäisi) (olla|ylittää)\b",
    re.IGNORECASE,
)
# A target of its own, as a noun with what it is ("The target to keep the ratio below 2.0", "a
# target of EUR 120 million") or as a verb with its figure within five words ("The program
# targets a total of EUR 350 million EBITDA run rate improvement"), not "targets the electronics
# industry" or a "Target Company"; an aim at a figure ("aiming for more than 4% organic growth").
_OWN_TARGET = re.compile(
    _SHOULD_REACH.pattern + "|"
    r"\b(?-i:target)s?\s+(is|are|to|of|being|for|remains?)\b|"
    r"\b(?-i:target)(s|ing)\b(\s+\w+){0,5}?\s+(EUR|SEK|USD|\$|€|\d)|"
    r"\baim(s|ing)?\s+(for|at)\b|\b(tavoit\w+|mål\w*)\b",
    re.IGNORECASE,
)
# The measures a financial target is set in.
_FINANCIAL_MEASURE = re.compile(
    r"revenue|sales|growth|\bebit|margin|\broce\b|return on|\bdebt\b|leverage|dividend|payout|"
    r"capital expenditure|capex|cost savings|earnings|profit|cash flow|run rate|omsättning|"
    r"tillväxt|marginal|skuldsättning|utdelning|liikevaihto|kasvu|kannattavuu|velka|osinko|"
    r"käyttökate",
    re.IGNORECASE,
)
# A target of an executive's pay is no company's.
_PAY = re.compile(r"incentive|compensation|remuneration|award|bonus|salary|executive", re.I)
# A target reached or passed, which the sentence reports as done.
_REACHED = re.compile(r"\b(achieved|surpass\w*|exceeded|reached|met|uppnådde|saavutti)\b", re.I)
_AMBITION = re.compile(
    r"\b(our|its|the group[’']s|the company[’']s) (long-term )?ambition (is )?to\b|"
    r"\b(has|have) the ambition to\b|\b(vår|dess) ambition är att\b|\btavoitteenamme on\b",
    re.IGNORECASE,
)
_AMOUNT = re.compile(
    r"[$€£]|\bpercent\b|%|\b\d+(\.\d+)? (to|and) \d|\bbillion\b|\bmillion\b|"
    r"\b\d+(\.\d+)?x\b"  # a multiple ("2.5-3.0x")
)


def _in_mdna(s: Sentence) -> bool:
    return s.section == "item_7" or s.section.startswith("item_7/")


def _year_ahead(sentences: list[Sentence]) -> str | None:
    """The year after the one a 10-K's MD&A speaks of most (the fiscal year it reports)."""
    years = Counter(y for s in sentences if _in_mdna(s) for y in _YEAR.findall(s.text))
    return str(int(years.most_common(1)[0][0]) + 1) if years else None


def _outlook_of_mdna(s: Sentence, year: str | None) -> bool:
    """What a 10-K's MD&A expects, plans or targets for the year ahead: named, or a figure
    stated as an outlook ("Organic net sales are expected to increase 4 to 5 percent"); not
    what it expects of its pension plans, taxes, accounting or debt ratings."""
    if not _in_mdna(s) or not EXPECTED.search(s.text) or NOT_AN_OUTLOOK.search(s.text):
        return False
    if any(HEADINGS["accounting"].search(h) or NOT_AN_OUTLOOK.search(h) for h in s.headings[:1]):
        return False
    # the year ahead or a later one ("now expect it will occur in 2025"), or a horizon ("we
    # project demand for approximately 41,170 new airplanes over the next 20 years")
    later = year is not None and any(
        int(year) <= int(y) <= int(year) + _YEARS_AHEAD for y in _YEAR.findall(s.text)
    )
    return (
        later
        or bool(_HORIZON.search(s.text))
        or bool(OUTLOOK_STATEMENT.search(s.text) and _AMOUNT.search(s.text))
    )


_YEARS_AHEAD = 10
_HORIZON = re.compile(
    r"\bover the (next|coming) (\d+|two|three|five|ten|twenty) years\b", re.IGNORECASE
)


# What a 10-K expects of its charges, restructuring, pensions, taxes or accounting rather than of
# the business ("We expect to incur aggregate pre-tax restructuring charges of approximately $50
# million", "We expect the 2015 Restructuring Plan to result in operational savings"), unless
# the sentence names the strategy or a goal it serves (a report's outlook of its restructuring
# charges is guidance, and stays).
_EXPECTED_OF_THE_ACCOUNTS = re.compile(
    # (anchored: both lookaheads read the whole sentence once, not from each of its characters)
    rf"^(?=.*({EXPECTED.pattern}))(?=.*(restructuring|pension|postretirement|\btax|impairment|"
    r"amortiz|accounting (standard|guidance|pronouncement)|\bcharges\b))",
    re.IGNORECASE,
)
_NAMES_AN_AIM = re.compile(r"strateg|\b(goals?|targets?|priorit\w+|mission|vision)\b", re.I)


# A heading of one of the UN's Sustainable Development Goals, by its number ("Goal 3 Good health
# and well-being", "SDG 13", "Mål 12", "Tavoite 7"): what the report says of society, not the
# issuer's own goals.
_UN_GOAL = re.compile(r"^(goal|sdg|mål|tavoite)\s*\d{1,2}\b", re.IGNORECASE)


def strategy(blocks: list[Block], sentences: list[Sentence]) -> Found:
    """Stated strategy, goals, targets and outlook (a 10-K's for the year ahead, at most
    `_OUTLOOK_KEEP` of them); the strategies the issuer names as items."""

    def shut_out(s: Sentence) -> bool:
        if not _not_risk_factor(s) or s.section.startswith(("item_8", "item_7a", "item_1c")):
            return True
        if DEFINITION.search(s.text) or REFERRAL.search(s.text) or NOT_A_STRATEGY.search(s.text):
            return True
        if IMPACT_OF_MORE.search(s.text):
            return True  # what more of a risk would cost is the risk's measure, no aim
        if s.headings and _UN_GOAL.match(s.headings[0]):
            return True  # under one of the UN's goals ("Goal 3 Good health and well-being")
        if _SUPERSEDED.match(s.text) or any(_SUPERSEDED.match(h) for h in s.headings[:1]):
            return True  # the outlook given before, which the report's own replaces
        # the strategy for the workforce is not the company's strategy
        return _about_people(s.text) or any(PEOPLE.search(h) for h in s.headings[:2])

    def rank(s: Sentence) -> int:
        if shut_out(s):
            return 0
        # A report's or release's outlook states what is expected of the year ahead.
        outlook = not s.section and bool(OUTLOOK_STATEMENT.search(s.text))
        strong = outlook or bool(STRONG["strategy"].search(s.text)) or programme(s)
        if _other_part(s) and not _OWN_AIM.search(s.text):
            return 0  # under competition or patents, "we expect" is of rivals and filings
        if PERFORMANCE.search(s.text) and re.search(r"\d", s.text) and not (outlook or aims(s)):
            return 0  # a period's change "to support our investment strategy" states none
        if (
            s.section
            and _EXPECTED_OF_THE_ACCOUNTS.search(s.text)
            and not _NAMES_AN_AIM.search(s.text)
        ):
            return 0  # "We expect to incur ... restructuring charges": of the accounts, no aim
        if _CAVEAT.match(s.text):
            return 0  # what the guidance assumes is no aim; the outlook may still take it
        if _NAMES_TARGETS_ONLY.search(s.text) and not _AMOUNT.search(_YEAR.sub("", s.text)):
            return 0  # that targets were set or approved, not what they are
        # what it aims at, in its own words: its mission, or an ambition it states ("our
        # ambition to double revenue in water", "has the ambition to grow all its business areas")
        mission = bool(MISSION.search(s.text) or _AMBITION.search(s.text))
        # a mission stated where the business is described ranks with a strategy part's own;
        # under an outlook heading, what is observed now ("I note much better activity in the
        # market") is no outlook
        under = (_under_strategy(s) and not _observed_under_outlook(s)) or (
            mission and s.section in ("", "item_1")
        )
        cue = bool(CUES["strategy"].search(s.text))
        if s.text.rstrip(".") in named:
            return 0  # the strategy's name is an item
        # the areas it says it will focus on, or what the MD&A's overview says it seeks ("We
        # seek to reduce our variable costs per unit and work to leverage our fixed costs")
        focus = bool(STATED_FOCUS.search(s.text)) or (
            s.section == "item_7" and is_under(s, "overview", 1) and bool(_SEEKS.match(s.text))
        )
        strong = (strong or mission) and not _NAMES_TARGETS_ONLY.search(s.text)
        # a target stated with its figure ("we are targeting EUR 350 million EBITDA run rate
        # improvement", "our leverage below 40%") before one that says targets were set
        quantified = (
            (outlook or bool(_TARGETING.search(s.text) or _COMMITTED.search(s.text)) or aims_at(s))
            and not _DATED_EVENT.match(s.text)
            and bool(_AMOUNT.search(_YEAR.sub("", s.text)) or _LEVEL.search(s.text))
        )
        # a target of its own stated at its figure ("the target being above 13%", "The target
        # to keep the ratio below 2.0 remains") ranks as its strategy part's own, wherever it is
        # stated, before what it expects of its markets; one reached is of the past
        target = (
            quantified
            and not outlook
            and bool(_OWN_TARGET.search(s.text) and _FINANCIAL_MEASURE.search(s.text))
            and not (_REACHED.search(s.text) or _PAY.search(s.text))
        )
        return (
            3 * target
            + 2 * (outlook and bool(_EARNINGS.search(s.text)))
            + 5 * under
            + 3 * (strong or focus)
            + (cue and (under or strong))
            + 2 * focus
            + 3 * (quantified and (under or strong))
        )

    def aims(s: Sentence) -> bool:
        if aims_at(s):
            return True
        return bool(
            re.search(
                r"target|goal|objective|aim|ambition|guidance|expect|tavoit|mål", s.text, re.I
            )
        )

    def aims_at(s: Sentence) -> bool:
        """What a programme is to deliver (beside what it has delivered so far), or the level a
        measure should reach."""
        return programme(s) or bool(
            _SHOULD_REACH.search(s.text) and _FINANCIAL_MEASURE.search(s.text)
        )

    def programme(s: Sentence) -> bool:
        """A report's or release's programme of its own, at its size."""
        return not s.section and bool(_PROGRAMME.search(s.text)) and bool(_MONEY.search(s.text))

    def outlook_rank(s: Sentence) -> int:  # of the business (sales, earnings), then a figure
        if shut_out(s) or (_other_part(s) and not _OWN_AIM.search(s.text)):
            return 0
        business = bool(_TOP_LINE.search(s.text)) and not _CAPITAL_SPENDING.search(s.text)
        return 1 + bool(_AMOUNT.search(_YEAR.sub("", s.text))) + 2 * business

    def strong(s: Sentence) -> int:
        ranked = rank(s)
        return ranked if ranked >= 3 else 0

    def capital_plan(s: Sentence) -> bool:
        """What it plans to spend on its assets ahead, at an amount or a direction: in a report
        or release, or a 10-K's business or MD&A, for the year ahead or later where it names
        years."""
        if s.section not in ("", "item_1") and not _in_mdna(s):
            return False
        if not _CAPITAL_OUTLAY.search(s.text) or _FUNDED.search(s.text) or shut_out(s):
            return False
        if _CHANGED.search(s.text):
            return False  # what the spending did in the period reported
        if not (_PLANNED.search(s.text) and _HOW_MUCH.search(_YEAR.sub("", s.text))):
            return False
        if not s.section or year is None or EXPECTED.search(s.text):
            return True  # "We expect to increase, relative to 2024, our investment" is ahead
        years = [int(y) for y in _YEAR.findall(s.text)]
        return not years or max(years) >= int(year)

    def decision(s: Sentence) -> bool:
        return not s.section and bool(_DECIDED.search(s.text)) and not shut_out(s)

    def dividend(s: Sentence) -> bool:
        """A dividend a report's or release's board proposes, at its amount."""
        return (
            not s.section
            and bool(_DIVIDEND_PROPOSED.search(s.text) and _MONEY.search(s.text))
            and not _NOT_RECOGNISED.search(s.text)
        )

    named = {i.name for i in named_strategies(blocks)}
    keep = KEEP["strategy"] + 2
    per_heading = 2 if one_page(blocks) else None  # a release's outlook, targets, strategy parts
    year = _year_ahead(sentences)
    ahead = [s for s in sentences if _outlook_of_mdna(s, year)]
    outlooks = pick(ahead, _OUTLOOK_KEEP, outlook_rank)
    # the strategy's best sentences, room for the year ahead's outlook of the business, then the
    # strategy's others, then any other outlook (capital spending, programs)
    room = min(_OUTLOOK_ROOM, sum(outlook_rank(o) >= 3 for o in outlooks))
    chosen = pick(sentences, keep - room, strong, per_heading)
    for candidates, ranked in ((outlooks, lambda s: outlook_rank(s) // 3), (sentences, strong)):
        unsaid = [s for s in candidates if not any(alike(s.text, c.text) for c in chosen)]
        chosen += pick(unsaid, keep - len(chosen), ranked, per_heading)
    unsaid = [o for o in outlooks if not any(alike(o.text, c.text) for c in chosen)]
    chosen = [*chosen, *pick(unsaid, keep - len(chosen), outlook_rank)]
    # what it plans to spend on its assets and the decisions a release announces, in room of
    # their own beside the strategy's other sentences
    plans = pick([s for s in sentences if capital_plan(s)], 1, lambda s: 1 + _has_money(s))
    announced = {
        s.position + after
        for s in sentences
        if _ANNOUNCES_DECISIONS.search(s.text)
        for after in range(1, _FOLLOWED_BY + 1)
    }
    decided = pick(
        [s for s in sentences if decision(s)],
        _DECIDED_ROOM,
        lambda s: 1 + (s.position in announced),
    )
    proposed = pick([s for s in sentences if dividend(s)], 1, lambda s: 1)
    # Item 5 says whether it pays dividends at all ("no present intention of paying any cash
    # dividends"), though no section reads it otherwise (its buybacks are the MD&A's to tell)
    item_5 = sentences_of([b for b in blocks if b.section == "item_5"], also=("item_5",))
    none_paid = [s for s in item_5 if _NO_DIVIDEND.search(s.text)]
    returns = [s for s in _capital_returns([*sentences, *none_paid]) if not shut_out(s)]
    extra = [
        s
        for s in [*plans, *decided, *proposed, *returns]
        if not any(alike(s.text, c.text) for c in chosen)
    ]
    chosen = sorted([*chosen, *extra], key=_position)
    return Found(chosen, named_strategies(blocks), heading_of(chosen))


def risks(
    blocks: list[Block],
    sentences: list[Sentence],
    forward: list[Sentence] | None = None,
    printed: bool = False,
) -> Found:
    """The risks, as the issuer ranks them (`forward`: the items of the forward-looking
    statements' list, which the risk part may point to; `printed`: a PDF's, whose lines may run
    a risk's heading into its text)."""
    item_1a = [b for b in blocks if b.section == "item_1a"]
    if item_1a:
        kinds, found = _risk_headings(item_1a)
        headed = {risk.position for _, risk in found}
        if len(found) < _HEADED_RISKS:  # a PDF's lines run a heading into its text
            found = _with_risk_leads(item_1a, found)
        elif printed:  # headings of their own, and those the lines ran into their text
            found = _with_run_in_risks(item_1a, found)
            headed = {risk.position for _, risk in found}
        chosen = _spread(found, kinds, headed=headed)
        # the next risks the spread would take, for a risk another section keeps
        spare = [r for r in _spread(found, kinds, 2 * KEEP_10K_RISKS, headed) if r not in chosen]
        return Found(chosen, unique(kinds), "Item 1A. Risk Factors", spare=spare)
    under = [
        s
        for s in sentences
        if (is_under(s, "risks", 1) or _after_the_kinds(s))
        and not s.section
        and not REFERRAL.search(s.text)
        and not _no_risk_stated(s.text)
    ]
    referrals = [s for s in sentences if is_under(s, "risks", 1) and REFERRAL.search(s.text)]
    # room for the first of each kind the part heads beside its opening two (two more at most)
    keep = min(max(KEEP["risks"], len({s.headings[:1] for s in under}) + 2), KEEP["risks"] + 2)
    under = _each_kind_first(under, keep)
    chapter = _risks_headed_last(blocks, sentences)
    if chapter:  # the report's own risk chapter before what its notes say of financial risks
        under = [*chapter[: keep - 1], *under]
    chosen = (under or referrals)[:keep]
    part = [s for s in sentences if is_under(s, "risks", 1) and not s.section]
    listed: list[Sentence] = []
    for s in _forward_looking_risks(blocks, forward or [], part):
        # one matter listed twice ("... ongoing investigations by Ericsson and US governmental
        # authorities ...") is one risk
        if s not in under and not any(alike(s.text, c.text) for c in [*under, *listed]):
            listed.append(s)
    if listed:  # after the part's own sentences (or its referrals, where it has only those)
        chosen = [*(under or referrals), *listed][:keep]
    kinds = risk_kinds(blocks) or listed_risk_kinds(part)
    return Found(chosen, kinds, heading_of(chosen))


# A heading that names a kind of risk ("Production risks", "Finansiella risker", "Markkinariskit").
_KIND_OF_RISK = re.compile(r"risks?$|risker(na)?$|riskit$", re.IGNORECASE)


def _after_the_kinds(s: Sentence) -> bool:
    """Whether a sentence stands under one more kind of risk in a report's risk part, its heading
    not named as a risk ("Acquisitions" after "Market risks", "Financial risks" and "Production
    risks"), and states a risk ("it is not certain that every integration will be successful")."""
    h = s.headings
    return (
        len(h) > 2
        and not s.section
        and bool(_KIND_OF_RISK.search(h[1].strip()) and HEADINGS["risks"].search(h[2]))
        and not any(p.search(h[0]) for p in HEADINGS.values())
        and bool(_UNCERTAIN_OR_EXPOSED.search(s.text))
    )


def _risks_headed_last(blocks: list[Block], sentences: list[Sentence]) -> list[Sentence]:
    """A report's risk chapter whose heading is read after its text: the last block of its page,
    the next page opening with a heading of its own (Lifco's annual report: "Risks and risk
    management" read below the page's paragraphs, each of one risk, their own titles run in).
    The first sentence of each of the page's paragraphs that states a risk, in reading order;
    none where no risk heading ends a page so."""
    pages: set[str] = set()
    for block, after in itertools.pairwise(blocks):
        if (
            block.kind == "heading"
            and not block.section
            and HEADINGS["risks"].search(block.text)
            and after.page_id != block.page_id
            and after.kind == "heading"
        ):
            pages.add(block.page_id)
    firsts: dict[int, Sentence] = {}
    for s in sentences:
        if (
            s.page_id in pages
            and not s.bullet
            and _UNCERTAIN_OR_EXPOSED.search(s.text)
            and not (_MANAGES.search(s.text) or _ANY_RISKS.match(s.text))
            and not (REFERRAL.search(s.text) or _no_risk_stated(s.text))
        ):
            firsts.setdefault(s.position // 1000, s)  # a paragraph's first that states its risk
    return list(firsts.values())


# A sentence that states a risk: what could affect the issuer or what it is exposed to.
_UNCERTAIN_OR_EXPOSED = re.compile(
    r"\b(risks?|could|may|might|exposure|exposed|depend(s|ent)?|uncertain\w*|not certain|"
    r"volatil\w*|"
    r"risker|kan komma|exponer\w*|riski\w*|voi(vat)?|altistu\w*)\b",
    re.IGNORECASE,
)
# How a risk is handled, not what it is ("Translation exposure is managed partly through ...").
_MANAGES = re.compile(
    r"\b(is|are) (managed|handled|mitigated|hedged)\b|\bto (manage|mitigate|limit) (this|these|"
    r"the) risks?\b|\blimits? the (\w+ )?risks?\b|\b(hanteras|begränsas|hallitaan)\b",
    re.IGNORECASE,
)
# That there are risks, naming none: "There are a number of factors which affect, or could
# affect, Lifco's operations ...".
_ANY_RISKS = re.compile(
    r"(there are|det finns|on olemassa) (a number of|several|many|various|ett antal|flera|useita)"
    r" (factors?|risks?|faktorer|risker|tekijöitä|riskejä)\b",
    re.IGNORECASE,
)


def _each_kind_first(under: list[Sentence], keep: int) -> list[Sentence]:
    """A report's risk part in its order, its kinds of risk taken in turn where it heads each
    ("Market risks", "Financial risks", "Production risks"): the first sentence under each
    heading before the second under any, so that the part's opening words do not crowd out the
    risks it goes on to name; shown in the document's order."""
    by_heading: dict[str, list[Sentence]] = {}
    for s in under:
        by_heading.setdefault(s.headings[0] if s.headings else "", []).append(s)
    if len(by_heading) < 2:
        return under
    turns = max(len(group) for group in by_heading.values())
    ranked = [g[turn] for turn in range(turns) for g in by_heading.values() if turn < len(g)]
    return sorted(ranked[:keep], key=_position) + ranked[keep:]


_FORWARD_LOOKING = re.compile(
    r"forward-looking statements|framtidsinriktad\w* (information|uttalanden)|"
    r"tulevaisuutta koskev\w* (lausum\w*|tieto\w*)",
    re.IGNORECASE,
)
# A forward-looking statement's item that names a risk ("Potential material additional liability
# resulting from past conduct ...", "the imposition of tariffs and sanctions"), not what the
# statements are about ("Our goals, strategies, planning assumptions ...")
_NAMES_A_RISK = re.compile(
    r"\b(risks?|liabilit(y|ies)|uncertaint(y|ies)|investigations?|tariffs|sanctions|lawsuits?|"
    r"litigation|legal proceedings|competition|cybersecurity|disruptions?|volatility|"
    r"inflationary|risker|osäkerhet\w*|riski\w*|epävarmuu\w*)\b",
    re.IGNORECASE,
)


def _forward_looking_items(blocks: list[Block]) -> set[int]:
    """The positions of the list items under a forward-looking statements heading."""
    listed, under_it = set(), False
    for block in blocks:
        if block.kind == "heading":
            under_it = bool(_FORWARD_LOOKING.search(block.text))
        elif under_it and block.kind == "item":
            listed.add(block.position)
    return listed


def _forward_looking_risks(
    blocks: list[Block], forward: list[Sentence], part: list[Sentence]
) -> list[Sentence]:
    """The items of the forward-looking statements' list (`forward`) that name a risk, in the
    issuer's order, where the risk part points to them ("See also the risks set out in the
    section titled “Forward-looking statements.”", Ericsson's interim report); else none."""
    in_part = {s.position // 1000 for s in part}
    if not any(_FORWARD_LOOKING.search(b.text) for b in blocks if b.position in in_part):
        return []
    return [s for s in forward if _NAMES_A_RISK.search(s.text)]


_MANAGED = re.compile(r"\brisk management\b", re.IGNORECASE)


def _no_risk_stated(text: str) -> bool:
    """A sentence of a risk part that states no risk: how risks are managed (unless it names
    their kinds), or reassurance ("we have a solid balance sheet")."""
    if REASSURANCE.search(text):
        return True
    # it names kinds of risk as risks, not as the functions that manage them ("Group functions
    # responsible for legal, insurance, ... tax ... provide policies ... regarding risk management")
    named = tags_of("risks", text) and re.search(r"\brisks?\b", re.sub(_MANAGED, "", text), re.I)
    return bool(RISK_MANAGEMENT.search(text)) and not named


def _with_risk_leads(
    blocks: list[Block], found: list[tuple[int, Sentence]]
) -> list[tuple[int, Sentence]]:
    """The risk headings found, and the first sentence of each of Item 1A's other paragraphs (a
    risk's heading where a PDF runs it into its text) that states a risk, each with the category
    it stands in; the part's preamble (what the risks are not, how to read them) is passed over,
    and a paragraph that opens with the facts behind a risk ("Airlines also are experiencing
    increased fuel costs") or goes on from the one before is no risk's heading."""
    category, category_of = 0, {}
    for block in blocks:
        if block.kind == "heading" and _RISK_CATEGORY.search(block.text.lstrip(f"{BULLETS} ")):
            category += 1
        category_of[block.position] = category
    out = list(found)
    read = {risk.position // 1000 for _, risk in found}
    for s in sentences_of(blocks):
        paragraph = s.position // 1000
        if paragraph in read or RISK_PREAMBLE.search(s.text):
            continue  # the preamble runs into the first risk: that risk leads its paragraph
        read.add(paragraph)
        if (
            _STATES_A_RISK.search(s.text)
            and not _LEANS_BACK.search(s.text)
            and not _these_of_before(s.text)
            and not REFERRAL.search(s.text)
            and not _NOT_A_RISK_OF_ITS_OWN.search(s.text)
        ):
            out.append((category_of.get(paragraph, 0), s))
    return out


def _with_run_in_risks(
    blocks: list[Block], found: list[tuple[int, Sentence]]
) -> list[tuple[int, Sentence]]:
    """The risk headings found as paragraphs of one sentence, and those a PDF's lines ran into the
    paragraph under them: a paragraph that opens a risk where the one before it ends another
    (not under a heading of one risk), its first sentence the risk in the words of a heading ("The
    human and pet food categories in which we participate are very competitive. Our principal
    competitors ..."), each with the category it stands in; in the filing's order. A filing that
    prints its risks as headings (title lines) has them all already."""
    heads = {risk.position // 1000 for _, risk in found}
    kind_of = {b.position: b.kind for b in blocks}
    if any(kind_of.get(position) != "text" for position in heads):
        return found
    category, out = 0, list(found)
    for before, block in itertools.pairwise(blocks):
        text = block.text.lstrip(f"{BULLETS} ")
        if block.kind == "heading" and _RISK_CATEGORY.search(text):
            category += 1
        if block.kind != "text" or before.position in heads or before.text.endswith(":"):
            continue
        if before.kind == "heading" and not _RISK_CATEGORY.search(before.text):
            continue  # under a heading of its own: the risk's text
        parts = split_sentences(text)
        lead = parts[0] if len(parts) > 1 else ""
        if (
            lead[:1].isupper()
            and before.text.rstrip()[-1:] in '.!?”"'
            and _RUN_IN_RISK.search(lead)
            and not _GOES_ON.search(lead)
            and usable(lead, True)
            and not _FACT_FIRST.match(lead)
            and not (_LEANS_BACK.search(lead) or _these_of_before(lead))
            and not (_NOT_A_RISK_OF_ITS_OWN.search(lead) or RISK_PREAMBLE.search(lead))
            and not REFERRAL.search(lead)
        ):
            risk = Sentence(
                lead, block.page_id, block.page_number, block.position * 1000, "item_1a", ()
            )
            out.append((category, risk))
    return sorted(out, key=lambda kind_risk: kind_risk[1].position)


# The words of a risk's heading: the harm that may come to the issuer ("Our results may be
# negatively impacted if ..."), what it may be unable to do, or how hard its markets compete.
_RUN_IN_RISK = re.compile(
    r"\b(may|could|might|would)\b.*\b(adverse\w*|negative\w*|harm\w*|hurt|suffer|impair\w*|"
    r"damag\w*|disrupt\w*|jeopardi\w+)\b|\b(may|could|might) (be unable|not be able|fail)\b|"
    r"\b(are|is) (very|highly|intensely|extremely) competitive\b",
    re.IGNORECASE,
)
# A sentence that goes on from the one before, wherever it says so ("Geopolitical issues ... can
# also impact", "The COVID-19 pandemic in particular has had"): a point inside a risk.
_GOES_ON = re.compile(
    r"\b(also|in particular|on the other hand|conversely|for example|for instance)\b", re.I
)
# A paragraph that opens with the facts behind a risk: a date, a period or a figure.
_FACT_FIRST = re.compile(
    r"^((as of|at|in|during|for|since)\s+)?(fiscal\b|\d|\w+ \d{1,2}, \d{4})", re.IGNORECASE
)


# A heading that names a category of risks ("Risks Related to Our Product Offerings", "Operating
# Risks", "Other risks"), not one risk ("Our Supplier Relationships Subject Us to a Number of
# Risks") nor the item or its summary ("Item 1A. Risk Factors", "Summary Risk Factors").
_RISK_CATEGORY = re.compile(
    r"^risks? (related|relating|associated|specific|pertaining) to\b|"
    r"^(?!(we|our|if|any|the company)\b)(\S+\s+){0,8}risks$",
    re.IGNORECASE,
)


# A risk printed as a heading of its own, a clause in title case ("We Face Intense Competition",
# "Our Supplier Relationships Subject Us to a Number of Risks"): a filing that heads at least
# _TITLED_RISKS of its risks so has them read from those headings.
_RISK_TITLE = re.compile(
    r"^(We|Our|The Company|If|Any|Changes?|Government|Failure|Loss|Competition|Unfavorable|"
    r"Adverse|Increased|Fluctuations|Disruptions?|Climate|Cyber\w*|Security|Economic|Global)\b"
    r"(\s+\S+){3,}"
)
_TITLED_RISKS = 3
_HEADING_WORDS = 60  # the most words of a risk's heading printed as a paragraph
_SUCH = re.compile(r"(such|these|this|those|that)\b", re.IGNORECASE)
_BELIEF = re.compile(r"(we|the company) (believe|expect|anticipate|intend)s?\b", re.IGNORECASE)
# A heading's second sentence: what the risk it states would do to the issuer ("If GF is not
# able to ..., our business could be adversely impacted.", "Changes in ... could have a material
# adverse effect on our business.")
_CONSEQUENCE = re.compile(
    r"\b(could|may|might|would|will)\b[^.]{0,80}\b(adverse\w*|negative\w*|harm\w*|hurt|"
    r"suffer|material\w*|decline|reduc\w+|los[se]\w*)\b[^.]*\.$",
    re.IGNORECASE,
)
_MINOR_WORD = re.compile(r"^(a|an|the|and|or|of|in|on|to|for|by|with|at|as|from|into|our|its)$")


_ITEM_LINE = re.compile(r"^item\s+\d", re.IGNORECASE)


def _bare_line(text: str) -> bool:
    """A line without a sentence's end, as headings are printed."""
    return text.rstrip()[-1:] not in ".!?:;,"


def _title_line(text: str) -> bool:
    """A line in title case without a sentence's end: four to thirty words, the first and most
    of the others capitalized ("The Variability in Our Retail Business Places Increased Strain
    on Our Operations", "Risks Related to Data, Security, ... and Intellectual Property")."""
    words = re.findall(r"[^\W\d_][\w’'-]*", text)
    if not 4 <= len(words) <= 30 or not _bare_line(text) or not words[0][0].isupper():
        return False
    major = [w for w in words if not _MINOR_WORD.match(w.lower())]
    return sum(w[0].isupper() for w in major) >= 0.8 * len(major) and not _ITEM_LINE.match(text)


# A one-sentence paragraph of Item 1A that goes on from the one before ("In addition, ...",
# "Any of these circumstances could ...") or leads into what follows ("... including those
# listed below."): a part of a risk's text, not a risk of its own.
_NOT_A_RISK_OF_ITS_OWN = re.compile(
    r"^(in addition|additionally|also|further(more)?|moreover|for (example|instance)|as a result|"
    r"similarly|likewise|however|in particular|specifically)\b|^(any|each|all|some|none|either) "
    r"of (these|those|the foregoing|the above)\b|\b(these|those|such)( and other( similar)?)? "
    r"(factors|risks|events|circumstances|conditions|developments|matters)\b|"
    r"\b(listed|set (out|forth)|described|discussed) "
    r"below\.$|(following|include|includes|including):$|"
    # a cross-reference's tail, where a PDF's page breaks a sentence ("Item 7, ... and Note 5")
    r"^[\"“]?(item|note|part)\s+\d",
    re.IGNORECASE,
)
# A paragraph's first sentence that states a risk: what may, could or might happen, or what the
# issuer depends on (or draws a large share of its business from), is subject or exposed to,
# fails at or faces.
_STATES_A_RISK = re.compile(
    r"\b(may|could|might|can|cannot|would)\b|\b(risks?|depend\w*|relian\w+|rel(y|ies)|"
    r"subject(s|ed|ing)? (us|the company|it)|expos\w+|fail\w*|unable|inability|adverse\w*|"
    r"harm\w*|vulnerab\w+|threat\w*|uncertain\w*|volatil\w+|face[sd]?|compet\w+|litigation|"
    r"disrupt\w*|concentrat\w+)\b|"
    # what the issuer depends on, said as a share: "We derive a substantial portion of our revenue
    # from the U.S. government", "... a significant portion of our revenues from non-U.S. sales"
    r"\b(significant|substantial|large|major|meaningful) (portion|part|share|percentage)\b|"
    # or as all of it: "We generate substantially all of our revenue from advertising"
    r"\b(substantially|nearly|almost) all of (our|its) (revenues?|net sales|sales)\b",
    re.IGNORECASE,
)
# A paragraph's first sentence that leans on the text before it, the facts behind a risk rather
# than its heading: "These consequences could ...", "We also could be ...", "Nonetheless, ...",
# "For this plan, ..." (an estimate's sentence about one the sentence before named).
_LEANS_BACK = re.compile(
    r"^(\S+\s+){0,2}(this|these|those|such)\b(?! (as|who|that|which)\b)|\b(any|one|all|each|some) "
    r"(or more )?of (these|those|the foregoing)\b|^(\S+\s+){1,2}also\b|"
    r"^(nonetheless|nevertheless|although|though|while|accordingly|consequently|therefore|thus|"
    r"to the extent|it is possible|other)\b",
    re.IGNORECASE,
)
_THESE = re.compile(r"\bthese\s+(\w+)(?:\s+(\w+))?", re.IGNORECASE)
# Of what the sentence before named: "Changes to laws and regulations such as these could ..."
_SUCH_AS_THESE = re.compile(r"\bsuch as (these|those|this)\b", re.IGNORECASE)


def _these_of_before(text: str) -> bool:
    """Whether a sentence says "these ..." of what a sentence before it named ("defending these
    lawsuits"), not of what it names itself ("strategic transactions ... the benefits of these
    transactions")."""
    for match in _THESE.finditer(text):
        before = text[: match.start()].lower()
        words = [w.lower().rstrip("s") for w in match.groups() if w]
        if not any(re.search(rf"\b{re.escape(w)}", before) for w in words if len(w) > 2):
            return True
    return False


_LATER_CATEGORY = re.compile(
    r"\bownership of\b|\bstock ownership\b|\b(our|the) (class a )?(common )?(stock|shares|"
    r"securities)$|\b(ordinary|common) (stock|shares)$|^(general|other|miscellaneous)( \w+)? "
    r"risks$",
    re.IGNORECASE,
)


# A risk's title run in before a dash, then the risk stated: "Interest Rates — Rising interest
# rates increase our borrowing costs ..." (a title of up to eight words, each opening in a capital
# but its joining words).
_DASH_TITLE = re.compile(
    r"^[A-Z][\w’'&/()-]*(\s+([A-Z][\w’'&/()-]*|and|of|or|the|in|to|for|on)){0,7}\s*[—–]\s*[A-Z]"
)


def _risk_headings(blocks: list[Block]) -> tuple[list[Item], list[tuple[int, Sentence]]]:
    """Item 1A's category headings, and its risk headings (one-sentence paragraphs and bullets)
    with the category each stands in, in the filing's order."""
    found: list[tuple[int, Sentence]] = []  # (category, risk)
    titles: list[tuple[int, Sentence]] = []  # risks printed as headings of their own
    dashed: list[tuple[int, Sentence]] = []  # risks titled before a dash, running on
    kinds: list[Item] = []
    for block in blocks:
        text = block.text.lstrip(f"{BULLETS} ")
        parts = split_sentences(text)
        # a heading, or a line printed as one that the document gave as text (longer than a
        # heading's words: "Our Expansion into New Products, Services, ... Subjects Us to ...")
        headed = block.kind == "heading" or (block.kind == "text" and _title_line(text))
        named_kind = block.kind == "text" and _bare_line(text) and len(text.split()) <= 12
        if (headed or named_kind) and _RISK_CATEGORY.search(text):
            kinds.append(Item(text, block.page_id, block.page_number))
        elif headed and (_RISK_TITLE.match(text) or _title_line(text)) and len(text.split()) <= 30:
            risk = Sentence(
                text, block.page_id, block.page_number, block.position * 1000, "item_1a", ()
            )
            titles.append((len(kinds), risk))
        elif block.kind == "text" and len(parts) > 1 and _DASH_TITLE.match(parts[0]):
            # a risk titled before a dash, its paragraph running on ("Global Economic Conditions
            # — Challenging ... conditions ... have had ... a negative impact ...")
            risk = Sentence(
                parts[0], block.page_id, block.page_number, block.position * 1000, "item_1a", ()
            )
            dashed.append((len(kinds), risk))
        elif (
            len(parts) == 2
            and len(text.split()) <= _HEADING_WORDS
            and _CONSEQUENCE.search(parts[1])
            and not _SUCH.match(parts[1])  # "Such labor shortages ... may": a risk's facts
            and not _BELIEF.match(parts[0])  # "We believe that original programming can help"
            and not _these_of_before(parts[0])  # "Changes to laws ... such as these could"
            and usable(text, True)
            and _STATES_A_RISK.search(parts[0])
            and not REFERRAL.search(text)
            and not RISK_PREAMBLE.search(text)
            and not _NOT_A_RISK_OF_ITS_OWN.search(parts[0])
            and not _LEANS_BACK.search(parts[0])
        ):
            # a risk's heading of two sentences, the second its consequence ("We rely on GF to
            # manufacture all of our microprocessor ... products .... If GF is not able to
            # satisfy our manufacturing requirements, our business could be adversely impacted.")
            risk = Sentence(
                text, block.page_id, block.page_number, block.position * 1000, "item_1a", ()
            )
            found.append((len(kinds), risk))
        elif (
            len(parts) == 1
            and len(text.split()) <= 60
            and text[-1:] in ".!?"
            # a risk's heading may be short ("Our stock price is volatile.")
            and usable(text, True, fewest=_RISK_WORDS)
            and (len(text.split()) >= MIN_WORDS or bool(_STATES_A_RISK.search(text)))
            and not REFERRAL.search(text)
            and not RISK_PREAMBLE.search(text)
            and not _NOT_A_RISK_OF_ITS_OWN.search(text)
            and not (_LEANS_BACK.search(text) or _SUCH_AS_THESE.search(text))
        ):
            risk = Sentence(
                text, block.page_id, block.page_number, block.position * 1000, "item_1a", ()
            )
            found.append((len(kinds), risk))
    if len(titles) >= _TITLED_RISKS:  # a filing that heads each risk: its headings are the risks
        found = titles
    elif sum(bool(_DASH_TITLE.match(r.text)) for _, r in found) >= _TITLED_RISKS:
        # a filing that titles each risk before a dash (Amcor): the titled paragraphs that run
        # on into their text are risks too; elsewhere such a title is a point inside a risk
        found = sorted([*found, *dashed], key=lambda kind_risk: kind_risk[1].position)
    return kinds, _stated_once(found)


def _stated_once(found: list[tuple[int, Sentence]]) -> list[tuple[int, Sentence]]:
    """Each risk once: a summary of the risk factors names the risks the part then heads one by
    one ("Competition could adversely impact our market share ..." twice); the first stays."""
    out: list[tuple[int, Sentence]] = []
    for category, risk in found:
        if not any(alike(risk.text, r.text) for _, r in out):
            out.append((category, risk))
    return out


def _spread(
    found: list[tuple[int, Sentence]],
    kinds: list[Item],
    keep: int = KEEP_10K_RISKS,
    headed: set[int] | None = None,
) -> list[Sentence]:
    """`keep` risks: the issuer's first `_LEADING_RISKS` as it ranks them, then the
    first of each other category before the second of any (the risks `headed` before
    paragraphs' leads), so that the section leads with the risks the issuer puts first and spans
    its categories; within a category, its next `_IN_ORDER` as ranked, then evenly over the rest
    (a category of forty risks gives risks from its end as well as its start: debt, privacy,
    litigation after competition and content); in the filing's order."""
    headed = headed if headed is not None else {risk.position for _, risk in found}
    ordered = sorted(found, key=lambda kind_risk: kind_risk[1].position)
    leading = [
        (category, risk)
        for category, risk in ordered
        if not (category > 0 and _LATER_CATEGORY.search(kinds[category - 1].name))
    ][:_LEADING_RISKS]
    rank: dict[int, int] = {}
    for category, _ in leading:
        rank[category] = rank.get(category, 0) + 1
    # the rest of each category, its headings before the leads of its paragraphs
    # (`_with_risk_leads`), each evenly over the category's length
    rest: dict[tuple[int, bool], list[Sentence]] = {}
    for category, risk in ordered:
        if (category, risk) not in leading:
            rest.setdefault((category, risk.position not in headed), []).append(risk)
    ranked = []
    for (category, lead), risks_of in rest.items():
        # the risks of holding the stock and the general or other ones come after the rest
        after = category > 0 and bool(_LATER_CATEGORY.search(kinds[category - 1].name))
        before = rank.get(category, 0) + (
            len(rest.get((category, False), [])) if lead else 0
        )  # a category's leads after its headings
        # its next two as the issuer ranks them, then evenly over the rest
        head = min(len(risks_of), _IN_ORDER)
        order = [*range(head), *(head + i for i in _evenly(len(risks_of) - head))]
        for n, index in enumerate(order, start=1):
            risk = risks_of[index]
            ranked.append((before + n + after, risk.position, risk))
    chosen = [risk for _, risk in leading] + [
        risk for _, _, risk in sorted(ranked, key=lambda r: (r[0], r[1]))[: keep - len(leading)]
    ]
    return sorted(chosen, key=lambda risk: risk.position)


_IN_ORDER = 2  # a category's risks taken in the issuer's order before the rest evenly
_RISK_WORDS = 4  # the fewest words of a risk's heading of one sentence


def _evenly(n: int) -> list[int]:
    """The indices of n things in an order whose every start is spread evenly over them: the
    first, the middle, the quarters, the eighths ... (0, 4, 2, 6, 1, 3, 5, 7 for eight)."""
    order: list[int] = []
    seen: set[int] = set()
    step = n
    while len(order) < n:
        step = max(step // 2, 1) if order else step
        for index in range(0, n, step):
            if index not in seen:
                seen.add(index)
                order.append(index)
    return order


# The risks a 10-K's section leads with as the issuer ranks them, whatever their categories
# (half the section; the rest spans the other categories).
_LEADING_RISKS = 5


# What an estimate asks of management: its judgments and assumptions, and how far the result
# could move (a definition of the balance says none of it).
_JUDGMENT = re.compile(
    # a court's judgments ("to satisfy judgments entered in the United States") are none
    r"\b(judge?ments?(?!\s+(entered|against|rendered|in favou?r))|assumptions?|assum(e|es|ing)|"
    r"estimat\w+|sensitiv\w+|uncertain\w*|"
    r"subjective|could (differ|change)|if actual|forecast\w*|projected|discount rates?)\b",
    re.IGNORECASE,
)


def _estimate_leads(
    sentences: list[Sentence], items: list[Item], runs: dict[str, int] | None = None
) -> set[int]:
    """Positions of the sentence that leads each listed estimate (its text: under its heading,
    or run in after its name, up to the next estimate): the first that says how far it could
    move or how much room it has (`_SENSITIVITY`), else of its first few sentences the first
    that says what it asks of judgment, else its first that points to no other part."""
    pages = {i.name: i.page_number or 0 for i in items}
    runs = runs or {}
    firsts = _first_sentences(sentences, set(pages) - set(runs), pages) | set(runs.values())
    judged: dict[int, int] = {}  # an estimate's first sentence -> its judgment's
    measured: dict[int, int] = {}  # an estimate's first sentence -> its sensitivity's
    stated: dict[int, int] = {}  # an estimate's first sentence -> its first that is no pointer
    first: Sentence | None = None
    read = 0
    for s in sentences:
        if s.position in firsts:
            first, read = s, 0
        elif first is None:
            continue
        elif s.headings[:1] != first.headings[:1]:
            # under a heading of its own within the estimate ("Expected Rate of Return on Plan
            # Assets" under pensions), up to the next estimate and on its page or the next:
            # only how far it could move ("Lowering the expected ... by 100 basis points would
            # increase our ... expense by $66 million")
            near = (s.page_number or 0) - (first.page_number or 0) <= 1
            if not (near and s.section == first.section) or REFERRAL.search(s.text):
                first = None  # past the estimate's text
            elif _WOULD_MOVE.search(s.text) and _BY_HOW_MUCH.search(s.text):
                measured.setdefault(first.position, s.position)
            continue
        read += 1
        if REFERRAL.search(s.text):
            continue  # "See Note 2 ... for discussion of ...": where it is told, not what it is
        stated.setdefault(first.position, s.position)
        if _LEANS_BACK.search(s.text) or _these_of_before(s.text):
            continue
        if read <= _ESTIMATE_SENTENCES and _JUDGMENT.search(s.text):
            judged.setdefault(first.position, s.position)
        moves = bool(_WOULD_MOVE.search(s.text) and _BY_HOW_MUCH.search(s.text))
        if _SENSITIVITY.search(s.text) or moves:
            measured.setdefault(first.position, s.position)
    return {measured.get(p, judged.get(p, stated.get(p, p))) for p in firsts}


# How far an estimate could move, or how much room it has: "a fair value that exceeded its
# carrying amount by approximately 8%", "a one year increase in estimated useful lives ... would
# result in a decrease ... of $2.2 billion", "Lowering the expected ... rate of return ... by 100
# basis points would increase ... by $66 million".
_SENSITIVITY = re.compile(
    r"\bexceed(ed|s)? (its|their|the) (respective )?carrying (value|amount)s? by (approximately |"
    r"about )?\d",
    re.IGNORECASE,
)
_WOULD_MOVE = re.compile(
    r"\bwould (have )?(result in|increase|decrease|reduce|change|raise|lower|affect|impact|"
    r"still)\b",
    re.IGNORECASE,
)
_BY_HOW_MUCH = re.compile(
    r"\b(\d+(\.\d+)?|one|two|five|ten)[- ]?(%|percent|basis[- ]points?|percentage[- ]points?|"
    r"years?)\b",
    re.IGNORECASE,
)
_ESTIMATE_SENTENCES = 4


def _after_run_in_names(
    blocks: list[Block], sentences: list[Sentence], names: set[str]
) -> dict[str, int]:
    """The first sentence of each listed estimate a paragraph names run in: the sentence after a
    name that stands as a sentence of its own ("Inventory Valuation. At each balance sheet
    date, we evaluate ..."), or the sentence the name opens ("Income Taxes: The Company ..."):
    name -> its position."""
    positions = [s.position for s in sentences]
    after: dict[str, int] = {}
    for block in blocks:
        if block.kind == "heading":
            continue
        for index, name in run_in_names(block.text):
            start = block.position * 1000 + index
            at = bisect_left(positions, start)  # the sentence itself where it goes on
            if name in names and at < len(positions) and positions[at] // 1000 == block.position:
                after.setdefault(name, positions[at])
    return after


# How a balance is measured, by which assumption, and what it would be under another: a critical
# estimate stated wherever a report puts it ("The Swedish defined benefit obligation (DBO) was
# calculated using a discount rate based on the yields of Swedish government bonds", "If the
# discount rate had been based on Swedish covered mortgage bonds, the liability ... would have
# been approximately SEK 10.4 b."), in English, Swedish and Finnish. A rate's effect on profit is
# a market risk, not an estimate: the sentence names an obligation, goodwill or a value in use.
_ASSUMED_RATE = re.compile(
    r"\b(discount(ing)? rates?|wacc|(weighted average )?cost of capital|(long-term |terminal )?"
    r"growth rates?|mortality|salary increases?)\b|diskonteringsränt\w*|kalkylränt\w*|"
    r"diskonttauskor\w*|diskonttokor\w*|laskentakor\w*",
    re.IGNORECASE,
)
_MEASURED_BALANCE = re.compile(
    r"\b(obligations?|DBO|liabilit(y|ies) for (post-employment|pension)|pension liabilit\w+|"
    r"goodwill|recoverable amounts?|value in use|carrying amounts?|headroom)\b|"
    r"pensionsskuld\w*|förpliktels\w*|nyttjandevärde\w*|återvinningsvärde\w*|"
    r"eläkevelvoit\w*|liikearvo\w*|kerrytettävä\w*|käyttöarvo\w*",
    re.IGNORECASE,
)
_MEASURED_OR_SENSITIVE = re.compile(
    r"\b(calculated|measured|determined|estimated|discounted|valued) (using|with|at|based on)\b|"
    r"\b(had been|would have been|would (result|lead) in|would (increase|decrease|reduce))\b|"
    r"\bsensitiv\w+|\bberäkna(d|de|ts) (med|utifrån)|skulle ha\w*|känslighet\w*|"
    r"\blaskettu\b|olisi (ollut|kasvanut|pienentynyt)|herkkyy\w*",
    re.IGNORECASE,
)


def _measured_with_assumption(text: str) -> bool:
    """Whether a sentence says by which rate or assumption a balance (an obligation, goodwill, a
    value in use) is measured, or what it would be under another."""
    return all(p.search(text) for p in (_ASSUMED_RATE, _MEASURED_BALANCE, _MEASURED_OR_SENSITIVE))


# Of a revenue policy's first sentences, the one that says when revenue is recognised ("We
# recognize revenue, net of expected returns and sales tax, at the time the customer takes
# possession of merchandise"); else its first.
_WHEN_RECOGNISED = re.compile(r"recogni[sz]|redovisa[sr]|tulout|kirjataan", re.IGNORECASE)
_POLICY_SENTENCES = 3
# An estimate of revenue, or of the contracts it is earned under ("Revenue Recognition",
# "Accounting for Long-term Contracts", "Intäktsredovisning"): the policy is told there.
_A_REVENUE_ESTIMATE = re.compile(
    r"revenue|net sales|\bcontracts?\b|intäkt|liikevaih|tulout", re.IGNORECASE
)


def _policy_lead(sentences: list[Sentence], policy: Item) -> Sentence | None:
    """The sentence that states the revenue policy: of the first under its heading, the first
    that says when revenue is recognised, else the first; None where none stands under it."""
    under = [
        s
        for s in sentences
        if policy.name in s.headings[:2]
        and s.page_id == policy.page_id
        and not REFERRAL.search(s.text)
    ][:_POLICY_SENTENCES]
    return next((s for s in under if _WHEN_RECOGNISED.search(s.text)), under[0] if under else None)


# The framework the statements are prepared under, as the notes state it ("The accompanying
# consolidated financial statements have been prepared in accordance with accounting principles
# generally accepted in the United States", "prepared in accordance with IFRS as adopted by the
# EU", "upprättad i enlighet med IAS 34", "laadittu IAS 34 -standardin mukaisesti"): what every
# figure of the profile is read by; a plain statement before one made as the estimates'
# preamble ("The preparation of ... in conformity with GAAP requires ...").
_FRAMEWORK = (
    r"(GAAP|generally accepted accounting principles|accounting principles generally accepted|"
    r"IFRS|International Financial Reporting Standards|IAS 34|årsredovisningslagen|RFR 2)"
)
_PREPARED_UNDER = re.compile(
    # "We prepare our financial statements using U.S. generally accepted accounting principles"
    r"\b(prepared|presented|we prepare|we present)\b[^.]{0,80}\b((in accordance|in conformity|in "
    rf"compliance) with|using|under)\b(U\.S\.|[^.]){{0,40}}{_FRAMEWORK}|"
    rf"\b(upprätta\w*|uppställ\w*)\b[^.]{{0,60}}\bi enlighet med\b[^.]{{0,40}}{_FRAMEWORK}|"
    rf"\blaadit(tu|aan)\b[^.]{{0,80}}{_FRAMEWORK}|"
    rf"{_FRAMEWORK}[^.]{{0,60}}\bmukaisesti\b[^.]{{0,40}}\blaadit(tu|aan)\b",
    re.IGNORECASE,
)
_PREPARATION_UNDER = re.compile(
    rf"\b(preparation of|preparing)\b[^.]{{0,80}}\bin (accordance|conformity) with\b"
    rf"(U\.S\.|[^.]){{0,40}}{_FRAMEWORK}",
    re.IGNORECASE,
)
# a comparison with measures outside the framework, or the auditor's words on controls
_OUTSIDE_FRAMEWORK = re.compile(
    r"non-(GAAP|IFRS)|directly comparable|substitute|constant currency|internal control|"
    r"opinion|audit",
    re.IGNORECASE,
)
_NAMES_FRAMEWORK = re.compile(_FRAMEWORK)


def _states_framework(text: str) -> bool:
    """Whether a sentence says under which framework statements are prepared."""
    said = _PREPARED_UNDER.search(text) or _PREPARATION_UNDER.search(text)
    return bool(said) and not _OUTSIDE_FRAMEWORK.search(text)


def _framework(sentences: list[Sentence]) -> Sentence | None:
    """The sentence that says under which framework the financial statements are prepared:
    stated plainly before said as what the estimates' preparation requires; the notes' (a
    10-K's Item 8) before the MD&A's."""
    found = [
        s
        for s in sentences
        if (s.section.startswith(("item_7", "item_8")) or not s.section)
        and _states_framework(s.text)
    ]
    return min(
        found,
        key=lambda s: (
            not _PREPARED_UNDER.search(s.text),
            not s.section.startswith("item_8"),
            s.position,
        ),
        default=None,
    )


def accounting(blocks: list[Block], sentences: list[Sentence]) -> Found:
    """Critical estimates and policies: the estimates the issuer names, and how it recognises
    revenue where none of them is of revenue (the policy every analyst reads first, stated in
    the notes where the estimates do not name it)."""
    items = critical_estimates(blocks)
    names = {i.name for i in items}
    pages = {i.page_id for i in items}
    runs = _after_run_in_names([b for b in blocks if b.page_id in pages], sentences, names)
    firsts = _estimate_leads(sentences, items, runs)
    policy = revenue_policy(blocks)
    lead = None
    if policy and not any(_A_REVENUE_ESTIMATE.search(i.name) for i in items):
        lead = _policy_lead(sentences, policy)
    if policy and lead:
        items.append(policy)
        firsts.add(lead.position)

    def rank(s: Sentence) -> int:
        if s.section.startswith(("item_1a", "item_7a")) or REFERRAL.search(s.text):
            return 0
        if _OUTSIDE_FRAMEWORK.search(s.text) and _NAMES_FRAMEWORK.search(s.text):
            return 0  # a measure set against the framework ("ROA is the most directly ...")
        if any(p.search(s.text) for p in (ESTIMATES_PREAMBLE, DEFINITION, MISSION)):
            return 0
        if re.match(r"(the )?following\b", s.text, re.IGNORECASE):
            return 0  # what a table below presents
        if s.headings and ABOUT_THE_BUSINESS.search(s.headings[0]):
            return 0
        if s.section and not s.section.startswith(("item_7", "item_8")):
            return 0
        strong = bool(STRONG["accounting"].search(s.text))
        under = is_under(s, "accounting", 2)
        # of an estimate's sentences, those that say what it asks of judgment before those that
        # describe the business or the balance ("we amortize ... based on estimated viewing")
        # (under an estimate's own heading: the part's preamble says it of all of them)
        judged = (
            bool(s.headings and s.headings[0] in names)
            and bool(_JUDGMENT.search(s.text))
            and not _LEANS_BACK.search(s.text)
        )
        # an estimate's assumption and its sensitivity, wherever the report states it (an
        # interim report's MD&A: its notes hold only the basis of preparation)
        measured = 4 * _measured_with_assumption(s.text)
        return 7 * (s.position in firsts) + 3 * under + 2 * strong + judged + measured

    estimates = len(items) - (lead is not None)
    keep = KEEP["accounting"] + 2 * (estimates > KEEP["accounting"])  # room for each estimate
    keep += lead is not None  # the revenue policy beside the estimates, not in place of one
    chosen = pick(sentences, keep, lambda s: rank(s) if rank(s) >= 2 else 0)
    framework = _framework(sentences)
    if framework and not any(_states_framework(s.text) for s in chosen):
        # the framework beside the estimates, not in place of one
        chosen = sorted({*chosen, framework}, key=_position)
    return Found(chosen, items, heading_of(chosen))


def read_sections(
    blocks: list[Block],
    issuer: Issuer,
    lines: list[DocumentLine] | None = None,
    language: str = "en",
    tables: list[DocumentLine] | None = None,
    printed: bool = False,
) -> dict[str, Found]:
    """Every section a document gives, by each section's rules (`lines`: a report's page lines,
    for its tables of revenue by segment; `language`: the document's, for the cases of place
    names in Finnish and Swedish; `tables`: a sectioned filing's rendered table rows of its
    MD&A and notes, for its tables of revenue by product line; `printed`: a PDF, its text read
    from its lines)."""
    lines = lines or []
    every = sentences_of(blocks)
    # the forward-looking statements' list is what they are about, no section's own words (the
    # risks take the items that name risks where their part points to it)
    forward = _forward_looking_items(blocks)
    sentences = [s for s in every if s.position // 1000 not in forward]
    listed = {i.name for i in listed_products(blocks)}
    # the largest buyers a lead-in lists: items of the customers; where each operates is its own
    buyers, buyers_blocks = largest_buyers(blocks)
    found = {
        "overview": overview(sentences, issuer, listed),
        "products_services": products(blocks, lines, sentences, issuer, tables),
        "customers": Found(),
        "geography": geography(
            [s for s in sentences if s.position // 1000 not in buyers_blocks], language
        ),
        "strategy": strategy(blocks, sentences),
        "risks": risks(
            blocks, sentences, [s for s in every if s.position // 1000 in forward], printed
        ),
        "accounting": accounting(blocks, sentences),
    }
    # a forward-looking item that states how concentrated the customers are ("large, multi-year
    # agreements with limited number of key customers") says it where nothing else does
    concentrated = [s for s in every if s.position // 1000 in forward and concentration(s.text)]
    found["customers"] = customers(
        sorted([*sentences, *concentrated], key=_position), found["products_services"].items
    )
    found["customers"].items = unique([*found["customers"].items, *buyers])
    found["geography"].items = _places_of(found["products_services"].items)
    if not found["geography"].sentences and not found["geography"].items:
        found["geography"].in_passing = _named_in_passing(sentences, language)
    if not any(b.section for b in blocks):  # no risk or accounting part: what the text says
        if not found["risks"].sentences and not found["risks"].items:
            found["risks"] = stated_risks(sentences)
        if not found["accounting"].sentences and not found["accounting"].items:
            found["accounting"] = presentation_basis(sentences)
    _said_once(found)
    segments = found["products_services"].items
    for section in found.values():
        section.full_text = _full_text(blocks, section) if section.sentences else None
        # the segment a sentence speaks of, or the group of customers its heading names
        section.about = {**subjects(section.sentences, blocks, segments, issuer), **section.about}
    return {name: found[name] for name in SECTIONS}


# The sections but the overview, the one whose question a sentence answers most narrowly first.
_NARROWEST_FIRST = (
    "strategy",
    "customers",
    "geography",
    "products_services",
    "risks",
    "accounting",
)


def _said_once(found: dict[str, Found]) -> None:
    """A sentence is cited by one section: the overview restates what it likes (it is the
    summary), but of the other sections the one whose question the sentence answers most
    narrowly keeps it (what it aims at, who buys, where, then what it sells, its risks, its
    accounting), unless it is the only sentence a later one has."""
    said: set[int] = set()
    # what the outlook says is uncertain is the risks' where both cite it, the strategy keeping
    # its aims ("Overall, we expect an uncertain market and continuing weak demand")
    risky = {s.position for s in found["risks"].sentences if STATES_UNCERTAINTY.search(s.text)}
    aims = [s for s in found["strategy"].sentences if s.position not in risky]
    if aims and len(aims) < len(found["strategy"].sentences):
        strategy = found["strategy"]
        if strategy.source_heading == heading_of(strategy.sentences):
            strategy.source_heading = heading_of(aims)
        strategy.sentences = aims
    for name in _NARROWEST_FIRST:
        section = found[name]
        kept = [s for s in section.sentences if s.position not in said]
        # the next best under the heading of one given up (a segment's next sentence when its
        # first says whom it serves), in its place; a risk given up, the next risk
        given_up = {_heading(s) for s in section.sentences if s.position in said}
        for spare in section.spare:
            if len(kept) == len(section.sentences):
                break
            if (
                (_heading(spare) in given_up or name == "risks")
                and spare.position not in said
                and not any(alike(spare.text, k.text) for k in kept)
            ):
                kept.append(spare)
        kept.sort(key=lambda s: s.position)
        if kept and kept != section.sentences:
            if section.source_heading == heading_of(section.sentences):
                section.source_heading = heading_of(kept)
            section.sentences = kept
        said |= {s.position for s in section.sentences}
    _not_told_again(found, said)


def _not_told_again(found: dict[str, Found], said: set[int]) -> None:
    """Products and services do not repeat what the overview says of the business where the
    issuer's own list or other sentences answer them: the next best take its place."""
    told = {s.position for s in found["overview"].sentences}
    products = found["products_services"]
    rest = [s for s in products.sentences if s.position not in told]
    if len(rest) == len(products.sentences) or not (rest or products.items):
        return
    for spare in products.spare:
        if len(rest) == len(products.sentences):
            break
        if spare.position not in told | said and not any(alike(spare.text, k.text) for k in rest):
            rest.append(spare)
    rest.sort(key=lambda s: s.position)
    if products.source_heading == heading_of(products.sentences):
        products.source_heading = heading_of(rest) if rest else None
    products.sentences = rest


def _heading(s: Sentence) -> str:
    return s.headings[0] if s.headings else ""


_IN_PASSING_KEEP = 5


def _named_in_passing(sentences: list[Sentence], language: str) -> list[str]:
    """The countries and regions a document names where it says nothing of where the company
    sells or operates, in reading order (not in its risk part)."""
    names: dict[str, str] = {}  # a country once by its code, whatever name it is given
    for s in sentences:
        if s.section.startswith("item_1a") or is_under(s, "risks", 1):
            continue
        for place in places_in(s.text, language):
            names.setdefault(place.iso_alpha2 or place.name, place.name)
    return list(names.values())[:_IN_PASSING_KEEP]


def _places_of(items: list[Item]) -> list[Item]:
    """Segments named after places ("business area Europe", "Americas"): market areas."""
    out = []
    for item in items:
        place = classify(item.name)
        if place is not None and place.kind != "other":
            out.append(Item(item.name, item.page_id, item.page_number, item.part_of))
    return out


def _full_text(blocks: list[Block], section: Found) -> str:
    """The text of the blocks the section's sentences come from and those around them, up to
    FULL_TEXT_CHARS."""
    wanted = {s.position // 1000 for s in section.sentences}
    near = {p + d for p in wanted for d in range(-2, 4)}
    text = "\n\n".join(b.text for b in blocks if b.position in near)
    return text[:FULL_TEXT_CHARS]
