"""The words of financial reports in Finnish and Swedish with their English equivalents, for
full text across languages: a Finnish or Swedish question over an English report otherwise
meets it only by names and figures. A question's word that begins with a key (or, for a key of
six letters or more, holds it, as the parts of a compound do: `osinkoehdotus`, `hyresintäkter`)
brings the key's English words into the full-text query; the question itself is searched as
written too. General report vocabulary, as in the statements' labels (`ingest/nordic/labels.py`).
"""

from __future__ import annotations

import re

from filings.search.instructions import without_instructions

FINNISH: dict[str, str] = {
    "liikevaihd": "revenue net sales",
    "liikevaiht": "revenue net sales",
    "myynti": "sales",
    "myynni": "sales",
    "liikevoit": "operating profit",
    "liiketulo": "operating result",
    "käyttökat": "EBITDA",
    "oikaist": "adjusted",
    "voitto": "profit",
    "voito": "profit",
    "tappio": "loss",
    "osinko": "dividend",
    "osingo": "dividend",
    "ehdotu": "proposal proposed",
    "ehdott": "proposes",
    "osake": "share shares",
    "osakkee": "share shares",
    "takaisinost": "repurchase repurchased",
    "tilauskertym": "order intake orders received",
    "tilaukse": "orders",
    "kassavir": "cash flow",
    "rahavir": "cash flow",
    "kassaylijäämä": "cash surplus",
    "investoin": "capital expenditure investment",
    "bruttokat": "gross margin",
    "marginaal": "margin",
    "nettovelk": "net debt",
    "velka": "debt",
    "neljännes": "quarter",
    "tilikau": "fiscal year",
    "näkymä": "outlook",
    "ohjeistu": "guidance",
    "yritysost": "acquisition",
    "ostaa": "acquire",
    "hankin": "acquisition",
    "kustannu": "costs",
    "säästö": "savings",
    "henkilöstö": "employees",
    "työntekij": "employees",
    "hallitu": "board directors",
    "toimitusjohtaj": "CEO chief executive",
    "markkin": "market",
    "kysyn": "demand",
    "kasvu": "growth increased",
    "kasvo": "increased grew",
    "laski": "decreased declined",
    "lasku": "decrease decline",
    "tuotanno": "production",
    "tuotanto": "production",
    "tehta": "factory plant",
    "tehdas": "factory plant",
    "vuokr": "rental lease",
    "kiinteistö": "property properties",
    "päästö": "emissions",
    "vero": "tax",
    "riski": "risk",
    "oikeudenkäyn": "lawsuit litigation court",
    "tuomioistuin": "court",
    "sopimu": "agreement",
    "tuotot": "income revenue",
    "tuotto": "income revenue",
    "palkkio": "compensation award",
    "palkka": "salary compensation",
    "eläke": "pension",
    "luottotappi": "credit losses bad debt",
    "myyntisaamis": "trade receivables",
    "varasto": "inventory",
    "tutkimu": "research",
    "kehity": "development",
    "asiakka": "customers",
    "toimittaj": "suppliers",
    "sijoittaj": "investors",
}
SWEDISH: dict[str, str] = {
    "nettoomsättning": "net sales revenue",
    "omsättning": "net sales revenue",
    "intäkt": "revenue income",
    "rörelseresultat": "operating profit",
    "rörelsemarginal": "operating margin",
    "rörelseöverskott": "operating surplus",
    "resultat": "result profit",
    "vinst": "profit",
    "förlust": "loss",
    "utdelning": "dividend",
    "förslag": "proposal proposed",
    "föreslå": "proposes proposed",
    "aktie": "share shares",
    "återköp": "repurchase repurchased",
    "orderingång": "order intake orders received",
    "kassaflöde": "cash flow",
    "investering": "capital expenditure investment",
    "bruttomarginal": "gross margin",
    "marginal": "margin",
    "nettoskuld": "net debt",
    "skuld": "debt",
    "kvartal": "quarter",
    "räkenskapsår": "fiscal year",
    "helår": "full year",
    "utsikter": "outlook",
    "förvärv": "acquisition acquire",
    "kostnad": "costs",
    "besparing": "savings",
    "anställd": "employees",
    "medarbetare": "employees",
    "styrelse": "board directors",
    "verkställande": "CEO chief executive",
    "marknad": "market",
    "efterfrågan": "demand",
    "tillväxt": "growth",
    "ökade": "increased grew",
    "ökning": "increase growth",
    "minskade": "decreased declined",
    "minskning": "decrease decline",
    "produktion": "production",
    "fabrik": "factory plant",
    "hyres": "rental",
    "hyra": "rent lease",
    "fastighet": "property properties",
    "utsläpp": "emissions",
    "skatt": "tax",
    "risk": "risk",
    "stämning": "lawsuit",
    "tvist": "dispute",
    "domstol": "court",
    "avtal": "agreement",
    "ersättning": "compensation",
    "lön": "salary",
    "pension": "pension",
    "kundförlust": "credit losses bad debt",
    "kundfordring": "trade receivables",
    "varulager": "inventory",
    "forskning": "research",
    "utveckling": "development",
    "kund": "customers",
    "leverantör": "suppliers",
    "justerad": "adjusted",
    "bokförd": "book value",
    "värde": "value",
    "licens": "licensing license",
}
_WORD = re.compile(r"\w+", re.UNICODE)
_ENTRIES = sorted([*FINNISH.items(), *SWEDISH.items()], key=lambda kv: -len(kv[0]))
COMPOUND_PART = 6  # a key this long is found inside a compound word too


def english_words(question: str) -> list[str]:
    """The English words the question's Finnish and Swedish report words stand for, each once."""
    found: list[str] = []
    for word in (w.lower() for w in _WORD.findall(question)):
        for key, english in _ENTRIES:
            if word.startswith(key) or (len(key) >= COMPOUND_PART and key in word[1:]):
                found.extend(english.split())
    return list(dict.fromkeys(found))


# An analyst's names for the statements and their ratios, with the words the statements print
# (US GAAP and IFRS headings and line captions) and the statements that print them: a question
# about "the balance sheet" or "the quick ratio" is answered by a page of figures that shares
# almost no other word with it (`search/statements.py` raises the pages of those statements).
BALANCE, INCOME, CASH_FLOW = "balance", "income", "cash_flow"
STATEMENT_WORDS: tuple[tuple[re.Pattern[str], str, frozenset[str]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), words, frozenset(shown_in.split()))
    for pattern, words, shown_in in (
        (
            r"\bbalance sheets?\b|statements? of financial (?:position|condition)",
            "consolidated balance sheets total assets total liabilities equity",
            BALANCE,
        ),
        (
            r"\bincome statements?\b|\bP ?& ?L\b|profit and loss|statements? of "
            r"(?:income|operations|earnings)",
            "consolidated statements of operations income net revenues cost of sales",
            INCOME,
        ),
        (
            r"cash ?flow statements?|statements? of cash flows?",
            "consolidated statements of cash flows operating investing financing activities",
            CASH_FLOW,
        ),
        (
            r"\bcapex\b|capital expenditures?",
            "purchases of property and equipment capital",
            CASH_FLOW,
        ),
        (r"\bPP ?& ?E\b|fixed assets?", "property plant and equipment net", BALANCE),
        (
            r"quick ratio|current ratio|working capital",
            "total current assets total current liabilities",
            BALANCE,
        ),
        (r"\bCOGS\b|cost of goods sold", "cost of sales", INCOME),
        (r"\bD ?& ?A\b", "depreciation and amortization", CASH_FLOW),
        (r"\bROA\b|return on assets", "net income total assets", f"{INCOME} {BALANCE}"),
        (r"\bROE\b|return on equity", "net income total equity", f"{INCOME} {BALANCE}"),
        (
            r"days (?:inventory|sales|payable)|\bDIO\b|\bDSO\b|\bDPO\b|cash conversion cycle",
            "inventories accounts receivable accounts payable cost of sales",
            f"{INCOME} {BALANCE}",
        ),
        (
            r"free cash flow|\bFCF\b",
            "net cash provided by operating activities capital expenditures",
            CASH_FLOW,
        ),
        (
            r"effective tax rate",
            "effective income tax rate provision for income taxes",
            INCOME,
        ),
        (r"interest coverage", "interest expense operating income", INCOME),
        (r"gross margins?", "gross margin gross profit cost of sales", INCOME),
        (r"dividends?", "dividends declared paid per share", ""),
        # an analyst's words for what reports name otherwise (a report's own word, such as
        # "lawsuit", needs none)
        (r"\btop[ -]?line\b", "revenues net sales", ""),
        (r"\bbottom[ -]?line\b", "net income earnings", ""),
        (r"\bcapital[ -]intensi(?:ve|ty)\b", "capital expenditures property and equipment", ""),
        (r"\blegal (?:battles?|fights?)", "legal proceedings litigation", ""),
        (r"\bbuy ?-?backs?\b", "repurchases of common stock", ""),
        (r"\bhead ?-?count\b", "employees", ""),
    )
)


def statement_words(question: str) -> list[str]:
    """The statement words the question's names of statements and ratios stand for, each once."""
    found = [
        w
        for pattern, words, _ in STATEMENT_WORDS
        if pattern.search(question)
        for w in words.split()
    ]
    return list(dict.fromkeys(found))


def for_full_text(question: str) -> str:
    """The question without its instructions to the answerer (`search/instructions.py`), with
    the English words of its Finnish and Swedish report words after it and the statement words
    of its names of statements and ratios (read in the question as asked) before it."""
    searched = translated(without_instructions(question))
    # before the question: a long question's words past the query's limit are not searched
    named = statement_words(question)
    return f"{' '.join(named)} {searched}" if named else searched


def translated(question: str) -> str:
    """The question with the English words of its Finnish and Swedish report words after it
    (what the dense side embeds: the statement words are for full text, which matches words)."""
    extra = english_words(question)
    return f"{question} {' '.join(extra)}" if extra else question
