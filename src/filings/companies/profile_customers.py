"""The customers section: who buys, and how concentrated, in the issuer's own words.

A sentence answers it when it says who the customers are or how concentrated they are, never
because it only mentions customers: concentration ("no single customer accounts for more than
ten per cent"), whom the issuer sells to ("sold to retailers, wholesalers and distributors"),
the industries its offering is for, customers named by their kind ("pulp and paper customers",
"key customers in Japan", "end customers"), by name ("Among HANZA's clients are ..."), by their
number ("approximately 270 million customers"), or as the other party of an agreement to supply
them ("a contract was announced with Bharti Airtel to support the rollout ..."); and sentences
under a customers heading that speak of customers. "Our customers", "serving our customers" or
thanks to customers say nothing of who they are: with nothing better the section is empty.

Segments named after who buys ("Sweden Consumer", "Sweden Business") are the section's items.
"""

from __future__ import annotations

import re

from filings.companies.profile_document import BULLETS, Block
from filings.companies.profile_sentences import (
    Found,
    Item,
    Sentence,
    heading_of,
    in_items,
    is_under,
    pick,
    unique,
)
from filings.companies.profile_vocabulary import (
    CUES,
    DEFINITION,
    HEADINGS,
    INDUSTRIES_SERVED,
    PERFORMANCE,
    RISK_FACTOR,
    STRONG,
)

KEEP = 3

# The word before "customers" when it names no kind of customer: determiners, possessives,
# prepositions, conjunctions and the adjectives of any customer ("new", "loyal").
_NO_KIND = frozenset(
    "a an the our its their your his her we they all any both each every some certain few many "
    "more most much other such these those which whose that this to of for with by from among "
    "between at in on into as than and or but about including include includes are were is was "
    "be been have has had new existing potential prospective current future loyal satisfied "
    "valued additional fewer less thank help give offer provide enable support benefit affect "
    "serve attract retain reach win number base concerning like allow let make bring keep assist "
    "require inform invite where when how why who if so because while whether also only even "
    "just then there here not no different various diverse specific individual".split()
)
_CUSTOMER_WORD = re.compile(r"\b(customers|clients)\b(?![’'])", re.IGNORECASE)
# Compounds that name the kind in Swedish and Finnish: företagskunder, yritysasiakkaat.
_COMPOUND_KIND = re.compile(r"\b\w{3,}(kunder|kunderna|asiakkaat|asiakkaita)\b", re.IGNORECASE)
# Customers by their number: "approximately 270 million customers", "over 117 million streaming
# memberships", "2.9 billion monthly active users", "1,2 miljoner abonnemang" (never a year, a
# board's or a team's members, nor accounts receivable).
_BUYERS = (
    r"(customers|clients|members|memberships|subscribers|subscriptions|connections|users|households|"
    r"accounts|kunder|abonnemang|abonnenter|asiakasta|asiakkaat|asiakkaita|tilaajaa|tilaajat)"
)
_COUNTED = re.compile(
    r"(?<![\d,.])(?!(19|20)\d\d\b)\d[\d,. ]*\s*(thousand|million|billion|miljoner|miljoonaa|"
    r"tusen|tuhatta)?\s+((?!board|committee|team|staff|union|family|management|executive)"
    rf"[a-zåäö-]+\s+){{0,2}}{_BUYERS}\b(?!\s+(receivable|payable|of (the|our|its) (board|"
    r"committee|team|management|executive)))",
    re.IGNORECASE,
)
# Their number named without a figure; not a period's change in it ("growth in the average
# number of paid memberships", "the number of memberships ... is declining").
_NUMBER_OF = re.compile(rf"\bnumber of (\w+ )?{_BUYERS}\b|\bkundantal|\basiakasmäär", re.I)
_CHANGE = re.compile(
    r"\b(increas|decreas|grow|growth|declin|ris(e|es|ing)\b|fell|fall|chang|drop|reduc|lower|"
    r"higher|ökn|minsk|kasv|lask|väh)\w*",
    re.IGNORECASE,
)
# An agreement to supply a named party, or agreements with key customers.
_DEAL = re.compile(
    r"\b(contracts?|agreements?|partnerships?|deals?|orders?|avtal|kontrakt|ordrar?|sopimu\w*|"
    r"tilau\w*)\b[^.]{0,60}?\b(with|from|med|från)\s+(((key|major|large|several|new|existing) "
    r"(customers?|clients))\b|(?-i:[A-Z][\w&’'-]*)(\s(?-i:[A-Z][\w&’'-]*)){0,3}\s+to\s+(supply|"
    r"deliver|support|enhance|provide|build|deploy|expand|moderni[sz]e|upgrade|equip|install)\b)",
    re.IGNORECASE,
)
# Not an agreement with a customer: buying, selling or financing a business, a supplier's deal.
_NOT_A_SALE = re.compile(
    r"acqui\w+|divest\w*|merger|sale of|tower company|joint venture|loan|financing|credit "
    r"facilit\w+|suppliers?|vendors?|purchas\w+|procure\w*|\bto us\b",
    re.IGNORECASE,
)
# A period's commentary: customers named as where orders or demand came from this quarter.
_PERIOD = re.compile(
    r"\b((order|sales|volume) growth|demand|orders?|order intake|weak\w*|develop\w* "
    r"favou?rabl[ey]|soft\w*|investment activity)\b",
    re.IGNORECASE,
)
# Segments named after who buys them: the kind of buyer ends the name ("Sweden Consumer",
# "North America Retail", "Enterprise"; not "Commercial Airplanes" or "Consumer Electronics").
_CUSTOMER_KIND = re.compile(
    r"\b(consumers?|business|enterprises?|wholesale|retail|private|public|residential|b2b|b2c|"
    r"kuluttaja\w*|yritys\w*|företag|privat\w*|konsument\w*)$",
    re.IGNORECASE,
)


def _names_a_kind(text: str) -> bool:
    """Whether a sentence names customers by their kind: "pulp and paper customers", "key
    customers", "DIFM customers", not "our customers" nor "serving customers"."""
    if _COMPOUND_KIND.search(text):
        return True
    for match in _CUSTOMER_WORD.finditer(text):
        before = text[: match.start()].rstrip().split()
        word = before[-1].strip("“”\"'(").lower() if before else ""
        if not word.isalpha() or word in _NO_KIND:
            continue
        if word.endswith(("ing", "ed")) or (word.endswith("s") and not word.endswith("ss")):
            continue  # a verb ("serving", "encourages") or a list ("employees, customers")
        if len(before) > 1 and before[-2].lower() in {"we", "they", "it", "i"}:
            continue  # a verb after its subject: "We direct customers to our stores"
        if re.match(r"\s+to\s", text[match.end() :]):
            continue  # customers as a verb's object: "allow customers to discover"
        return True
    return False


# How sales to customers are accounted for (revenue recognition): accounting, not who the
# customers are; their concentration still counts, and so do whom receivables are from.
_ACCOUNTED = re.compile(
    r"\brecogni[sz]\w*|recorded as (revenues?|a reduction)|variable consideration|performance "
    r"obligations?|on a (gross|net) basis|street date|accounted for as\b|portfolio approach|"
    r"judge?ment in|make judge?ments|valuation|contracts? with (\w+ )?customers?|standalone "
    r"selling|service term|(transfer of|control and transfer|solely) control|principal versus|"
    r"\baccount(ed)? for\b|practical expedient|\b(topic|asc) \d{3}\b|\blessor\b|"
    r"cash flows?\b|cash received|intäktsredovisning|tuloutu\w*|"
    # what customers owe and whether it is collected: credit risk, not who they are
    r"collectib\w+|doubtful accounts|credit loss\w*|allowance for",
    re.IGNORECASE,
)
# Whom the issuer competes with: its competitors, not its customers ("We compete with companies
# that sell advertising to businesses"), its competitive position, and claims against it.
_COMPETES = re.compile(
    r"\b(we|it|the company|the group) (also )?compete\w*|\bcompetitors?\b|\bcompete (with|"
    r"against|for)\b|\bkonkurrent\w*|\bkonkurrera\w*|\bkilpailij\w*|"
    r"\bcompetitive (position|factors|pressures?|landscape|environment)\b|"
    # claims against the issuer (infringement, damages, royalties): a legal matter
    r"\b(infring\w+|damages|royalt(y|ies))\b",
    re.IGNORECASE,
)
_CONCENTRATION = re.compile(
    r"\d+\s?(%|per ?cent)|ten per ?cent|no (single|individual|one|other) customer|largest "
    r"customers?|concentration|single customer",
    re.IGNORECASE,
)


# One customer named with its share of sales ("During fiscal 2022, Walmart Inc. and its affiliates
# (Walmart) accounted for 20 percent of our consolidated net sales"): concentration, though the
# word "customer" is not in it; not a segment's, a product's or a place's share.
_NAMED_SHARE = re.compile(
    r"^(?:(?i:during|in|for) (?i:fiscal )?(?i:year )?\d{4},?\s+)?(?P<subject>[A-Z][^,;]{0,80}?)\s+"
    r"(?:each )?(?:accounted for|represented) (?:approximately |about |roughly |more than |over |"
    r"at least )?\d+(?:\.\d+)?\s?"
    r"(?:%|per ?cent) of (?:our |its |the company[’']s |total |consolidated |net |operating )*"
    r"(?:net )?(?:sales|revenues?)",
)
_NOT_A_CUSTOMER = re.compile(
    r"segments?|divisions?|business|products?|brands?|services|regions?|international|domestic|"
    r"operations|sales|revenues?|countr|states|america|europe|asia|china|japan|\bU\.?S\.?\b|"
    r"\b(we|our|the company|the group)\b|^the ",
    re.IGNORECASE,
)


# A share of sales said to come from a buyer ("In 2022, 73% of our $66.0 billion in net sales were
# from the U.S. Government, ...", "We derived 73% of our total consolidated net sales from the
# U.S. Government"): concentration.
_SALES_FROM = re.compile(
    r"\b\d+(?:\.\d+)?\s?(?:%|per ?cent) of (?:our |its |the company[’']s |total |consolidated |"
    r"net |operating |\$[\d.,]+ (?:billion |million )?(?:in )?)*(?:net )?(?:sales|revenues?)\s+"
    r"(?:(?:in|for|during) (?:fiscal )?\d{4}\s+)?(?:(?:were|was|came) )?(?:derived )?from "
    r"(?P<subject>[^,;()]{3,60})|"
    # "Revenues from the U.S. government (...), primarily recorded at BDS and BGS, represented
    # 40%, 49% and 51% of consolidated revenues" (Boeing, its geography note)
    r"\b(?:net )?(?:sales|revenues?) (?:from|to) (?P<buyer>[^;()]{3,60}?)(?:\s*\([^)]*\))?"
    r"(?:,[^.;]{0,60}?,)?\s+(?:represented|accounted for|comprised|made up) "
    r"(?:approximately |about |roughly )?\d+(?:\.\d+)?\s?(?:%|per ?cent)",
    re.IGNORECASE,
)
# a buyer by its name or kind ("Walmart", "commercial airlines"), not a product or an activity
# ("online advertising")
_A_BUYER = re.compile(
    r"(?-i:\b[A-Z])|\b(customers?|clients?|airlines?|retailers?|distributors?|wholesalers?|"
    r"consumers?|buyers?|purchasers?)\b",
    re.IGNORECASE,
)
# buyers a share of sales may come from, though they are places by name ("the U.S. Government")
_GOVERNMENT = re.compile(r"\b(government|department of|agenc(y|ies)|ministr(y|ies))\b", re.I)


def _sales_from_a_buyer(text: str) -> bool:
    """Whether a sentence gives the share of sales that comes from a buyer (a government, a
    customer by name or kind), not from a segment, product or place ("customers in Europe",
    "international customers": geography's)."""
    for match in _SALES_FROM.finditer(text):
        subject = match.group("subject") or match.group("buyer")
        if _GOVERNMENT.search(subject) or (
            not _NOT_A_CUSTOMER.search(subject) and _A_BUYER.search(subject)
        ):
            return True
    return False


def _share_subject(text: str) -> str:
    """Whose share of sales a sentence gives, if it gives one ("Walmart Inc. and its affiliates
    (Walmart)"), else ""."""
    match = _NAMED_SHARE.search(text)
    return match.group("subject") if match else ""


def _named_customer_share(text: str) -> bool:
    subject = _share_subject(text)
    return bool(subject) and not _NOT_A_CUSTOMER.search(subject)


def _share_of_a_listed(text: str, names: set[str]) -> bool:
    """Whether a named share of sales is one of the issuer's own segments or products
    ("Flexibles accounted for approximately 76% of consolidated net sales")."""
    subject = _share_subject(text).lower()
    return bool(subject) and any(n in subject or subject in n for n in names)


def who_buys(text: str) -> int:
    """How well a sentence says who the customers are: 2 outright (concentration, whom the
    issuer sells to, the industries it serves), 1 by naming them (their kind, their number, an
    agreement to supply one), 0 not at all. Customers the period's changes name ("lower
    investment among automotive customers") and an acquired company's customers are not the
    issuer's description of its own."""
    if (_ACCOUNTED.search(text) or _COMPETES.search(text)) and not _CONCENTRATION.search(text):
        return 0
    if STRONG["customers"].search(text) or concentration(text):
        return 2
    if re.search(r"\b(acquir|divest)\w*", text, re.IGNORECASE):
        return 0
    if INDUSTRIES_SERVED.search(text) and not PERFORMANCE.search(text):
        return 2
    if _DEMAND_BY_SECTOR.search(text):
        return 1  # the sectors that buy what it offers, by their demand
    if _COUNTED.search(text) or (_NUMBER_OF.search(text) and not _CHANGE.search(text)):
        return 1
    if PERFORMANCE.search(text):
        return 0
    if _DEAL.search(text) and not _NOT_A_SALE.search(text):
        return 1
    return int(_names_a_kind(text) and not _PERIOD.search(text))


# The sectors whose demand its offering meets: "The demand for installation projects in the
# infrastructure, industrial, defence and civil engineering sectors remains stable" (Bravida's
# release), "efterfrågan på installationer inom industri- och infrastruktursektorn",
# "kysyntä kemianteollisuudessa ja rakennusalalla".
_DEMAND_BY_SECTOR = re.compile(
    r"\bdemand\b( (for|of) [^.]{1,60}?)? (in|from) (the )?([\w-]+,? ){1,6}(and [\w-]+ )?(sectors|"
    r"industries|industry)\b|\befterfrågan\b( på [^.]{1,60}?)? (inom|från) [^.]{1,60}?(sektorn|"
    r"sektorerna|industrin|branschen)\b|\bkysyntä\w*\b[^.]{1,60}?(teollisuudessa|toimialoilla|"
    r"sektorilla|alalla)\b",
    re.IGNORECASE,
)
# How concentrated the customers are, said outright: "No single customer accounted for more than
# 10% of ...", "our top five customers accounted for approximately 68%".
_CONCENTRATED = re.compile(
    r"\bno (single |individual |one |other )?(customer|client)|\bsingle (customer|client)|"
    r"\b(largest|top|major|(most )?significant|two|three|four|five|ten)( \w+)? (customers?|"
    # buyers that resell: "these five bottling partners combined represented 44% of our total
    # worldwide unit case volume"
    r"clients|(bottling |channel |distribution )?partners|distributors|dealers|bottlers|"
    r"wholesalers|retailers)\b[^.]{0,80}\b(accounted|accounts? for|represented|represents|"
    # "Apple, Google, and Sony have been our most significant customers with revenues of 17%"
    r"(with|had) (net )?(revenues?|sales) of (approximately )?\d+(\.\d+)?\s?(%|percent))",
    re.IGNORECASE,
)
# Revenue or sales from few buyers: "We derive a significant portion of our revenues from a
# limited number of commercial airlines", "Our sales ... are concentrated in a small number of
# large customers" (not a few carriers that deliver, nor a few customers who deferred deliveries).
_FEW_BUYERS = re.compile(
    r"\b(revenues?|sales)\b[^.]{0,80}\b(limited|small) number of (large |major |key )?(\w+ ){0,2}"
    r"(customers|clients|airlines|retailers|distributors|wholesalers)\b|"
    # or from many: "the Group's sales are well diversified with customers in many industries"
    r"\b(sales|revenues?|customer base) (are|is) (well[- ]|widely )?diversified\b|"
    # what it sells under: "large, multi-year agreements with limited number of key customers"
    r"\b(agreements|contracts)\b[^.]{0,40}\bwith (a )?(limited|small) number of (large |major |"
    r"key )?(customers|clients)\b",
    re.IGNORECASE,
)
# The largest customer's share ("Lifco's largest customer accounts for less than three per cent
# of consolidated net sales"): how concentrated, more narrowly than a threshold none passes.
_LARGEST_SHARE = re.compile(
    r"\b(largest|biggest) (single )?(customer|client) (accounts?|accounted|represents?|"
    r"represented|stands?|stood)\b|\bstörsta kund(en)? (svarar|svarade|står|stod)\b|"
    r"\bsuurin asiakas\b",
    re.IGNORECASE,
)
# Customers as the holders of its receivables ("Tele2's financial assets consist mainly of
# receivables from end customers, other operators and resellers"): its credit risk, not who buys.
_AS_DEBTORS = re.compile(
    r"\breceivables?\b|\bfinancial assets\b|\bcredit risk\b|\bkundfordring\w*|"
    r"\bmyyntisaamis\w*|\bluottoriski\w*",
    re.IGNORECASE,
)
# What may come: the risk factors' concentration that is expected, not stated.
_NOT_STATED = re.compile(r"\b(expects?|may|might|could|would|will|can)\b", re.IGNORECASE)
_CONCENTRATION_WEIGHT = 3


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _document_year(sentences: list[Sentence]) -> int | None:
    """The year the document names most often (its fiscal year), or None."""
    counts: dict[int, int] = {}
    for s in sentences:
        for year in {int(y) for y in _YEAR.findall(s.text)}:
            counts[year] = counts.get(year, 0) + 1
    return max(counts, key=lambda year: (counts[year], year)) if counts else None


def _of_years_before(text: str, year: int | None) -> bool:
    """Whether a sentence speaks only of years before the document's ("No customer represented
    10% or more of total revenue for fiscal year 2023" in a 10-K of fiscal 2025)."""
    years = [int(y) for y in _YEAR.findall(text)]
    return year is not None and bool(years) and max(years) < year - 1


# How its sales split by the channel they go through: "the Company's net sales through its direct
# and indirect distribution channels accounted for 38% and 62%, respectively"
_CHANNEL_SHARES = re.compile(
    r"\b(sales|revenues?) (made |generated )?(through|via|by) (its |our |the company[’']s )?"
    r"([\w-]+ (and )?){0,3}(distribution |sales )?channels? (accounted for|represented|were)\b"
    r"[^.]{0,30}\d+(\.\d+)?\s?(%|per ?cent)",
    re.IGNORECASE,
)


def concentration(text: str) -> bool:
    """Whether a sentence states how concentrated the customers are."""
    return bool(
        _CONCENTRATED.search(text)
        or _FEW_BUYERS.search(text)
        or _CHANNEL_SHARES.search(text)
        or _named_customer_share(text)
        or _sales_from_a_buyer(text)
    )


# A heading that names a group of customers ("DIY Customers", "Professional Customers (or
# “Pros”)", "Företagskunder"), not the part's own heading ("Our Customers", "Key customers").
_GROUP_HEADING = re.compile(
    r"^(?!(our|the|våra|meidän|key|major|main|largest|top|significant)\b)[^\W\d][^.:]{0,50}?"
    r"(\b(customers|clients|kunder)|\w(kunder|asiakkaat))(\s*\([^)]{1,30}\))?$",
    re.IGNORECASE,
)


# A lead-in that names its largest buyers before it lists them ("Our five largest independent
# bottling partners based on unit case volume in 2024 were as follows:", "Our largest customers
# are:", "Våra största kunder är:").
_LARGEST_LEAD = re.compile(
    r"\b(largest|biggest|top|major|principal)\b[^:.]{0,60}\b(customers|clients|bottl\w* partners|"
    r"bottlers|distributors|dealers|retailers|wholesalers)\b[^:.]{0,80}:\s*$|"
    r"\b(största|viktigaste) kunder\w*\b[^:.]{0,80}:\s*$|\bsuurimm\w* asiakk\w*\b[^:.]{0,80}:\s*$",
    re.IGNORECASE,
)
_LISTED_BUYERS = 10  # the most list items after such a lead-in read as buyers
_BUYER_WORDS = 6  # the most words of a buyer's name
# where a listed buyer's name ends: its short name in brackets, a comma, what it does
_NAME_END = re.compile(r"\s*\(|,|;|:|\s[-–—]\s|\s+which\b|\s+that\b")


def largest_buyers(blocks: list[Block]) -> tuple[list[Item], set[int]]:
    """The buyers a lead-in names as its largest and lists one an item (Coca-Cola's five largest
    bottling partners: "Coca-Cola FEMSA", "Coca-Cola Europacific Partners plc", ...) and the
    positions of their list items' blocks (what each does, and where, is the buyer's, not the
    issuer's)."""
    found: list[Item] = []
    listed: set[int] = set()
    for n, lead in enumerate(blocks):
        if lead.kind != "text" or not _LARGEST_LEAD.search(lead.text):
            continue
        for block in blocks[n + 1 : n + 1 + _LISTED_BUYERS]:
            text = block.text.lstrip()
            if block.kind != "item" and text[:1] not in BULLETS:
                break
            name = _NAME_END.split(text.lstrip(f"{BULLETS}* ").strip(), maxsplit=1)[0].strip()
            if name[:1].isupper() and len(name.split()) <= _BUYER_WORDS:
                found.append(Item(name, block.page_id, block.page_number, "largest customers"))
                listed.add(block.position)
    return unique(found), listed


def customer_groups(sentences: list[Sentence]) -> list[Item]:
    """The groups of customers the issuer describes one by one, each under a heading of its own
    below (or beside) a customers heading ("OUR CUSTOMERS": "DIY Customers", "Professional
    Customers", "DIFM Customers"); none where fewer than two are described so."""
    groups = [
        Item(s.headings[0], s.page_id, s.page_number, "customer group")
        for s in sentences
        if len(s.headings) > 1
        and _GROUP_HEADING.search(s.headings[0].strip())
        and HEADINGS["customers"].search(s.headings[1])
        and not any(HEADINGS["risks"].search(h) for h in s.headings[:2])
    ]
    groups = unique(groups)
    return groups if len(groups) > 1 else []


def customers(sentences: list[Sentence], segments: list[Item]) -> Found:
    """Who buys, and how concentrated; the segments named after who buys, and the groups the
    issuer describes one by one, as items."""
    listed = {i.name.lower() for i in segments}

    def rank(s: Sentence) -> int:
        if RISK_FACTOR.search(s.text):
            return 0
        if _AS_DEBTORS.search(s.text) and not concentration(s.text):
            return 0  # who owes it money is its credit risk
        # the risk factors (Item 1A) are of what may happen, but state how concentrated the
        # customers are where most 10-Ks state it ("Collectively, our top five customers
        # accounted for approximately 68% of our net revenue during the year ended 2015")
        stated = s.section == "item_1a" and concentration(s.text)
        if stated and _NOT_STATED.search(s.text):
            return 0
        if not (stated or in_items(s, "item_1", "item_7", "item_8")) or s.section.startswith(
            "item_1c"
        ):
            return 0
        who = 0 if _share_of_a_listed(s.text, listed) else who_buys(s.text)
        # a customers heading of the business description or a report; in a 10-K's MD&A and
        # notes "Sales and Marketing" is an expense line
        under = (
            is_under(s, "customers", 1)
            and bool(CUES["customers"].search(s.text))
            and not s.section.startswith(("item_7", "item_8"))
        )
        if not (who or under) or (not who and DEFINITION.search(s.text)):
            return 0
        if not who and PERFORMANCE.search(s.text) and re.search(r"\d", s.text):
            return 0
        return 2 + 2 * who + 3 * under + in_items(s, "item_1") if who else 3 * under

    ranks = {s.position: rank(s) for s in sentences}
    # how concentrated they are is half the section's question: its best statement is kept
    # beside who they are
    year = _document_year(sentences)
    concentrated = [
        s
        for s in sentences
        if ranks[s.position] >= 3 and concentration(s.text) and not _of_years_before(s.text, year)
    ]
    keep = KEEP
    if concentrated:
        best = max(concentrated, key=lambda s: ranks[s.position])
        ranks[best.position] += _CONCENTRATION_WEIGHT
        keep += 1  # beside who the customers are, not in the place of one of them
        # who the largest customers are, by name and share, beside how concentrated they are
        # ("Collectively, our top five customers accounted for approximately 68% ... In 2015,
        # Microsoft Corporation and Sony Corporation each accounted for more than 10%")
        named = [s for s in concentrated if s is not best and _named_customer_share(s.text)]
        if named and not _named_customer_share(best.text):
            ranks[max(named, key=lambda s: ranks[s.position]).position] += _CONCENTRATION_WEIGHT
            keep += 1
        # the largest customer's share beside the threshold no customer passes ("No single
        # customer accounts for more than ten per cent ... Lifco's largest customer accounts for
        # less than three per cent")
        largest = [s for s in concentrated if s is not best and _LARGEST_SHARE.search(s.text)]
        if largest and not _LARGEST_SHARE.search(best.text):
            ranks[max(largest, key=lambda s: ranks[s.position]).position] += _CONCENTRATION_WEIGHT
            keep += 1
    chosen = pick(sentences, keep, lambda s: ranks[s.position] if ranks[s.position] >= 3 else 0)
    kinds = unique([i for i in segments if _CUSTOMER_KIND.search(i.name)])
    groups = customer_groups(sentences)
    # a sentence under a group's heading that does not name it ("These customers are typically
    # homeowners ...") is about that group
    names = {g.name for g in groups}
    about = {
        s.position: s.headings[0]
        for s in chosen
        if s.headings
        and s.headings[0] in names
        and _group_word(s.headings[0]) not in s.text.lower()
    }
    return Found(chosen, unique(kinds + groups), heading_of(chosen), about=about)


def _group_word(heading: str) -> str:
    """A group heading's word that names the group ("diy" of "DIY Customers")."""
    return heading.split()[0].lower()
