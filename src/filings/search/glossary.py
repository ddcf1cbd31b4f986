"""The words of financial reports in Finnish and Swedish with their English equivalents, for
full text across languages: a Finnish or Swedish question over an English report otherwise
meets it only by names and figures. A question's word that begins with a key (or, for a key of
six letters or more, holds it, as the parts of a compound do: `osinkoehdotus`, `hyresintäkter`)
brings the key's English words into the full-text query; the question itself is searched as
written too. General report vocabulary, as in the statements' labels (`ingest/nordic/labels.py`),
the words of periods, places, pay and operations, each kept in both languages; a key that
begins a common English word (`maj`: major, `usa`: usage, `juni`: junior, `kina`: kinase) is
left out, since every question is looked up.
"""

from __future__ import annotations

import re

from filings.search import lexicon
from filings.search.instructions import without_instructions
from filings.search.periods import period_words

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
    "erässä": "installments instalments",
    "erissä": "installments instalments",
    "maksuer": "installments instalments",
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
    # where, when and how much
    "ulkopuol": "outside",
    "kansainväli": "international",
    "kotimai": "domestic",
    "yhdysval": "United States",
    "euroop": "Europe",
    "kiina": "China",
    "ruotsi": "Sweden",
    "suome": "Finland",
    "suomi": "Finland",
    "saksa": "Germany",
    "kuukau": "months",
    "vuotuis": "annual",
    "vuosikertomu": "annual report",
    "kaksi": "two",
    "kahde": "two",
    "kolme": "three",
    "kuusi": "six",
    "kuude": "six",
    "yhdeksä": "nine",
    "takaisin": "repurchase repurchased back",
    "päätty": "ends ended",
    "vaikut": "impact impacted effect",
    "valuut": "currency exchange",
    "heikke": "weaker weakened",
    "heikko": "weak weakness",
    "vahvistu": "stronger strengthened",
    "pienen": "decreased reduced",
    # the months (a report's periods: `tammi-kesäkuu`, January-June)
    "tammi": "January",
    "helmi": "February",
    "maalis": "March",
    "huhti": "April",
    "touko": "May",
    "kesäk": "June",
    "heinä": "July",
    "elokuu": "August",
    "syysk": "September",
    "lokak": "October",
    "marrask": "November",
    "jouluk": "December",
    # the statements and their lines
    "liiketoimin": "operating business operations",
    "rahoitu": "financing finance",
    "tulovero": "income tax",
    "veroja": "taxes",
    "poisto": "depreciation amortization",
    "arvonalentu": "impairment",
    "liikearvo": "goodwill",
    "pääoma": "capital equity",
    "varat": "assets",
    "korko": "interest",
    "koroll": "interest-bearing",
    "uudelleenjärjest": "restructuring",
    "rakennejärjest": "restructuring",
    "muutosneuvottel": "change negotiations restructuring",
    "liiketoiminta-alue": "business area",
    "yhtiö": "company",
    "tytäryhti": "subsidiary",
    "konserni": "group",
    "politiik": "policy",
    "segment": "segment",
    "jakosuhde": "payout ratio",
    "tavoit": "target targets",
    "ohjelm": "program programme",
    "valtuut": "authorization authorized",
    "hyväksy": "approved",
    "yhtiökokou": "annual general meeting",
    "listat": "listed listing",
    "pörssi": "exchange listed",
    # pay and people
    "palkitse": "remuneration compensation incentive",
    "muuttuv": "variable",
    "kiinte": "fixed",
    "enimmäis": "maximum capped",
    "optio": "options",
    "kannustin": "incentive",
    "tapaturm": "accident injury",
    "turvallisuu": "safety",
    # products and operations
    "valmistu": "manufacturing",
    "valmista": "manufacture",
    "hyvity": "credits credit",
    "energi": "energy",
    "varastoin": "storage",
    "laittei": "equipment",
    "laite": "equipment",
    "tuottei": "products",
    "tuote": "product products",
    "palvelu": "service services",
    "lisenssi": "licensing license",
    "patentt": "patents",
    "kilpailija": "competitors",
    "hinna": "prices pricing",
    "hinta": "price prices",
    "kulut": "expenses costs",
    "kulu": "costs expenses",
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
    "delbetalning": "installments instalments",
    "tillfällen": "installments instalments occasions",
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
    # where, when and how much
    "utanför": "outside",
    "internationell": "international",
    "inhemsk": "domestic",
    "europa": "Europe",
    "kinesisk": "Chinese China",
    "sverige": "Sweden",
    "tyskland": "Germany",
    "månad": "months",
    "årlig": "annual",
    "årsredovisning": "annual report",
    "slutar": "ends",
    "påverk": "impact impacted affected",
    "valuta": "currency exchange",
    "svagare": "weaker",
    "starkare": "stronger",
    # the months (a report's periods: `januari-juni`, January-June)
    "januari": "January",
    "februari": "February",
    "juli": "July",
    "augusti": "August",
    "oktober": "October",
    # the statements and their lines
    "rörelse": "operating",
    "finansiering": "financing",
    "inkomstskatt": "income tax",
    "avskrivning": "depreciation amortization",
    "nedskrivning": "impairment",
    "kapital": "capital",
    "tillgång": "assets",
    "ränta": "interest",
    "räntebär": "interest-bearing",
    "omstrukturering": "restructuring",
    "omställning": "restructuring transformation",
    "affärsområde": "business area",
    "bolag": "company companies",
    "dotterbolag": "subsidiary",
    "koncern": "group",
    "politik": "policy",
    "policy": "policy",
    "utdelningsandel": "payout ratio",
    "mål": "target targets",
    "bemyndigande": "authorization authorized",
    "godkän": "approved",
    "årsstämma": "annual general meeting",
    "noter": "listed listing",
    "börs": "exchange listed",
    "försäljning": "sales",
    # pay and people
    "rörlig": "variable",
    "högsta": "maximum capped",
    "optioner": "options",
    "incitament": "incentive",
    "olycks": "accident injury",
    "säkerhet": "safety",
    # products and operations
    "tillverkning": "manufacturing",
    "tillverka": "manufacture",
    "energi": "energy",
    "lagring": "storage",
    "utrustning": "equipment",
    "produkt": "product products",
    "tjänst": "service services",
    "halvledar": "semiconductor",
    "bildskärm": "display",
    "konkurrent": "competitors",
    "utgift": "expenses costs",
}
_WORD = re.compile(r"\w+", re.UNICODE)
# The words of a Finnish or Swedish question that carry no content (question words, pronouns,
# prepositions, auxiliaries: the Snowball stop lists' commonest): full text over English
# reports cannot meet them, and they say nothing of how well it understood the question.
FUNCTION_WORDS = frozenset(
    """
    ja tai sekä ei on oli ovat olivat ole se ne sen niiden joka jotka mikä mitkä mitä miten
    miksi milloin missä mistä mihin kuka ketkä kuinka paljon paljonko montako mikä kumpi
    kanssa aikana jälkeen ennen mukaan kohden lähtien mennessä asti myös vain kuin jos että
    kun nyt tämä tämän nämä tuo hän he me te minä sinä vuonna
    och eller samt inte är var varit vara blev blir den det de dess deras som vilken vilket
    vilka vad hur när var varför vem vems om till från för av på i med under efter före
    enligt inom mot hos vid kan ska skulle har hade få fick många mycket också bara än
    att en ett denna detta dessa sin sitt sina han hon vi ni jag du
    """.split()
)
_ENTRIES = sorted([*FINNISH.items(), *SWEDISH.items()], key=lambda kv: -len(kv[0]))
COMPOUND_PART = 6  # a key this long is found inside a compound word too


def _holds(word: str, key: str) -> bool:
    """Whether a word is a glossary key's word: it begins with the key, or holds a long key as
    the part of a compound."""
    return word.startswith(key) or (len(key) >= COMPOUND_PART and key in word[1:])


def english_words(question: str, language: str | None = None) -> list[str]:
    """The English words the question's Finnish and Swedish report words stand for, each once
    (a word as written or as its lemma: `neljänneksellä` as `neljännes`); for a word of a
    Finnish or Swedish question (`language`, else as the question reads) that is no report
    word, its general English words (`search/lexicon.py`)."""
    language = language or lexicon.language_of(question)
    # the words of a named quarter: the period's focus stands for them (`search/service.py`),
    # and their English words would only raise every passage that names some third quarter
    period = period_words(question)
    found: list[str] = []
    for word in (w.lower() for w in _WORD.findall(question)):
        if word in period:
            continue
        forms = [word, lexicon.lemma(word, language)] if language in lexicon.SOURCES else [word]
        known = False
        for key, english in _ENTRIES:
            if any(_holds(form, key) for form in forms):
                found.extend(english.split())
                known = True
        if not known and language in lexicon.SOURCES and word not in FUNCTION_WORDS:
            found.extend(lexicon.english(word, language))
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
        (r"\bCEOs?\b", "chief executive officer", ""),
        (r"\bCFOs?\b", "chief financial officer", ""),
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
