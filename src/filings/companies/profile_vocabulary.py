"""The language of reports a profile is read by: what headings name each section, which sentences
answer it, and which never answer any (biographies, contact lines, webcast invitations,
remuneration, legal boilerplate), in English, Swedish and Finnish.

Built from how annual and interim reports, 10-Ks and stock exchange releases word these parts,
not from any one issuer's document.
"""

from __future__ import annotations

import re

SECTIONS = (
    "overview",
    "products_services",
    "customers",
    "geography",
    "strategy",
    "risks",
    "accounting",
)

# --- headings ---------------------------------------------------------------------------------

# A period's summary ("The year in brief", "Q4 in brief", "Året i korthet", "Vuosi lyhyesti"):
# how the period went, not what the company is.
_NOT_A_PERIOD = (
    r"(?<!year )(?<!quarter )(?<!period )(?<!q1 )(?<!q2 )(?<!q3 )(?<!q4 )(?<!året )"
    r"(?<!kvartalet )(?<!perioden )(?<!vuosi )(?<!katsauskausi )(?<!neljännes )"
    r"(?<!vuosineljännes )(?<![12]\d{3} )"
)
HEADINGS: dict[str, re.Pattern[str]] = {
    "overview": re.compile(
        rf"\b({_NOT_A_PERIOD}(in brief|lyhyesti|i korthet)|at a glance|about (us|the company|the "
        r"group)|this is\b|company (background|overview|description|profile)|our company|"
        r"description of (the )?business|nature of (the )?business|"
        r"^overview$|^general$|^introduction$|business concept|business model|^our business$|"
        r"^the business$|business overview|what we do|who we are|i sammandrag|^om\b|detta är|"
        r"det här är|affärsidé|affärsmodell|verksamhetsbeskrivning|(allmänt|"
        r"information) om verksamheten|"
        r"liiketoimintamalli|liikeidea|liiketoiminnan kuvaus|tietoa meistä|^tämä on\b)|"
        # "About HANZA": about and the issuer's name, not "About the share"
        r"^about (?-i:[A-ZÅÄÖ][\w&.-]*)(\s(?-i:[A-ZÅÄÖ][\w&.-]*)){0,2}$",
        re.IGNORECASE,
    ),
    "products_services": re.compile(
        r"^segments$|\b(products?|services|offerings?|solutions|brands|operating segments?|segment "
        r"(information|reporting)|segments of business|reportable segments|our businesses|"
        r"business areas?|business segments|divisions|our markets|markets we serve|portfolio|"
        r"affärsområden\w*|affärsområde|produkter|tjänster|erbjudande|divisioner|varumärken|"
        r"verksamhetsgrenar|business groups|divisioon\w*|brändi\w*|"
        r"rapportering per segment|liiketoiminta-alue\w*|liiketoimintalinjat|tuotteet|palvelut|"
        r"tuotemerkit)\b|"
        # Swedish and Finnish segment notes, also in compounds ("Rörelsesegment",
        # "Segmentsinformation", "Segmentti-informaatio", "Liiketoimintasegmentit")
        r"segment(s?information|sredovisning|srapportering|ti\w*|it)\b|\w+segment(en|et|it)?\b",
        re.IGNORECASE,
    ),
    "customers": re.compile(
        # not revenue from, advances from or contracts with customers (notes on the accounts)
        r"(?<!contracts with )(?<!from )(?<!avtal med )(?<!från )"
        r"\b(customers?|clients|markets and distribution|distribution( system)?|sales and "
        r"marketing|sales channels?|go-to-market|kunder|kunderna|våra kunder|kundstruktur|"
        r"kundgrupper|distributionskanaler|försäljningskanaler|asiakkaat|asiakkaamme|"
        r"asiakasryhm\w*|asiakkai\w*|asiakkuu\w*|jakelukanav\w*|myyntikanav\w*|myynti ja jakelu|"
        r"hyresgäster|tenants)\b",
        re.IGNORECASE,
    ),
    "geography": re.compile(
        r"\b(geographic(al)? (areas?|information|markets?|data|segments?)|market areas?|markets "
        r"and regions|where we operate|international operations|global presence|(sales|revenues?) "
        r"by (regions?|countr(y|ies)|geograph\w*|markets?)|marknader|marknadsområde\w*|"
        r"geografisk\w*|per (marknad\w*|region|land)\b|markkina-alue\w*|maantieteelli|"
        r"(?<!liiketoiminta-)alueittain|maittain|toimintamaat|asiakkaan sijainni\w*)",
        re.IGNORECASE,
    ),
    "strategy": re.compile(
        # not the workforce's strategy ("People strategy", "Henkilöstöstrategia")
        r"(?<!people )(?<!henkilöstö)(?<!personal)strateg|\b(mission|vision|visio|missio|"
        r"ambitions?|purpose|goals?|objectives|financial targets|targets|priorities|outlook|"
        r"guidance|looking ahead|future prospects|financial policy|"
        r"mål|finansiella mål|prognos|tavoitteet)\b|"
        # also as the end of a compound: "Marknadsutsikter", "Markkinanäkymät", "Tulosohjeistus"
        r"utsikter\b|näkymä(t|n)\b|ohjeistus\b",
        re.IGNORECASE,
    ),
    # risks, also as the end of a compound ("Liiketoimintariskit", "Marknadsrisker"); an
    # estimate's uncertainty is accounting ("arvioihin liittyvät epävarmuustekijät")
    "risks": re.compile(
        # not internal control's "Risk assessment" (a step of the control over financial
        # reporting, in the corporate governance report: "Riskbedömning", "Riskien arviointi")
        r"^(?!(risk assessment|riskbedömning|riskien arviointi)$)"
        r"(.*?)(risk(?!-?free|fri\b|itön)|osäkerhet|(?<!arvioihin liittyvät )"
        r"(?<!arvioihin liittyvät keskeiset )epävarmuu)",
        re.IGNORECASE,
    ),
    "accounting": re.compile(
        r"accounting (policies|policy|principles|estimates|judge?ments?)|critical accounting|"
        r"significant (accounting )?(estimates|judge?ments?)|basis "
        r"of (preparation|presentation|reporting)|estimates and (judge?ments?|assumptions)|"
        r"judge?ments and estimates|use of (estimates|judge?ments)|estimation uncertainty|"
        r"new (and amended |and "
        r"revised )?(accounting )?standards|redovisningsprinciper|värderingsprinciper|"
        r"bedömningar och uppskattningar|uppskattningar och bedömningar|upprättande|nya och "
        r"ändrade standarder|överensstämmelse med normgivning|laatimisperiaat\w*|"
        r"laadintaperiaat\w*|laadintaperusta|laatimisperust\w*|kirjanpitoperiaat\w*|arviot ja "
        r"harkin|arvioiden käyttö|harkintaa (edellyttäv|vaativ)\w*|uu(det|sien) (ja muutet\w+ )?"
        r"standard\w*",
        re.IGNORECASE,
    ),
}
# Headings of other parts of a business description: they end a list of products.
TOPICS = re.compile(
    r"\b(competition|seasonality|manufacturing|supply|raw materials|research|intellectual "
    r"property|patents|trademarks|human capital|employees|our people|properties|regulation|"
    r"government|environment|sustainability|technology|available information|backlog|sales "
    r"and marketing|markets and distribution|distribution|customers|our customers|legal|"
    r"insurance|working capital|executive officers|corporate|history|geographic|business "
    r"strateg|strategy|our strategy|seasonal|sourcing|information about|promotional|"
    r"investments in|bottler|design and engineering|service and warranty|financial services|"
    r"governmental|cybersecurity|properties|risk|introductions|results of|notes? to|"
    r"consolidated|summary of|accounting)",
    re.IGNORECASE,
)
# Headings that are a table's furniture, not a part of the text: units and periods.
FURNITURE = re.compile(
    r"\b(SEK|EUR|USD|NOK|DKK|MSEK|MEUR|million|billion|thousand|Q[1-4]|jan|feb|mar|apr|may|"
    r"jun|jul|aug|sep|oct|nov|dec|january|february|march|april|june|july|august|september|"
    r"october|november|december|\d{4})\b|%",
    re.IGNORECASE,
)

# --- sentences --------------------------------------------------------------------------------

OFF_TOPIC = re.compile(
    # biographies
    r"\b(has served|served as|serves as|was appointed|has been appointed|joined (the company|"
    r"us|\w+ in)|prior to joining|previously (served|held|was)|graduated|holds? an? (bachelor|"
    r"master|degree|mba)|years of age|born in|board member since|director since|"
    r"(executive|senior) vice president(,| of\b)|chief \w+ officer (of|at) |served (from|between|"
    r"until) |\bfrom \d{4} (to|until|through) \d{4}\b|held (several|various|a number of) "
    r"(\w+ )?positions)|"
    r"\b(he|she|his|her|mr|ms)\b\.?|"
    # contact lines
    r"\b(tel|phone|telephone|e-?mail|fax|website)\b\.?:?|@|https?://|www\.|"
    r"\+\d{2,3}[\s\d]{6,}|please contact|further information|more information, please|"
    r"investor relations|media relations|"
    # webcast and meeting invitations, calendars
    r"webcast|teleconference|conference call|dial-in|dial in|register (in advance|here)|"
    r"presentation material|investors page|will be (published|presented|held|broadcast)|can be "
    r"followed|livestream|audiocast|financial calendar|reporting schedule|annual general meeting"
    r" (will|is scheduled)|\bagm\b|q&a|"
    # remuneration
    r"remuneration|compensation committee|executive compensation|variable (cash )?(pay|"
    r"remuneration|compensation)|salar(y|ies)|\bbonus|incentive (program|plan|scheme)|named "
    r"executive officers|equity awards|directors'? fees|ersättning|palkitsemi|"
    # legal boilerplate of releases and reports
    r"market abuse regulation|submitted for publication|obliged to make public|legally required "
    r"to disclose|securities market act|this (report|release) has (not )?been (reviewed|audited)"
    r"|insider trading|"
    # the auditor's report
    r"\bour audits?\b(?! committee)|audit procedures|in our opinion, "
    r"the (consolidated )?financial statements|(public company accounting oversight board|pcaob)|"
    r"critical audit matters?|"
    # signatures, dates, places of signing
    r"^(stockholm|helsinki|espoo|the board of directors)\b",
    re.IGNORECASE,
)
PERFORMANCE = re.compile(
    r"\b(increased|decreased|grew|declined|decline|rose|fell|improved|weakened|amounted to|"
    r"totall?ed|affected|impacted|negative(ly)?|positive(ly)?|growth was|driven (primarily )?by|"
    r"was sek|were sek|was eur|were eur|year-on-year|yoy|compared (to|with) "
    r"(the )?(previous|last|prior)|"
    # organic growth, not organic products ("a wide variety of organic products including ...")
    r"organic(ally)?(?!\s+(products?|foods?|ingredients?|brands?|produce|farming|dairy|"
    r"vegetables|snacks|offerings?))|ökade|minskade|växte|uppgick|förbättrades|försämrades|"
    r"jämfört med|kasvoi|laski|heikkeni|parani|pysyi|supistui|vertailukau\w*|edellisvuo\w*)\b",
    re.IGNORECASE,
)
# Sentences and headings about the workforce: its strategy is not the company's.
PEOPLE = re.compile(
    r"employee|talent|workforce|culture|diversity|inclusion|human capital|benefits|associates|"
    # the issuer's own people, not those its products serve ("helps people connect")
    r"(our|its|the company[’']s|the group[’']s) people|^people\b|people (and|&) culture|"
    r"(respect|regard) to people|"
    r"personnel|medarbetare|henkilöstö",
    re.IGNORECASE,
)
RISK_FACTOR = re.compile(
    r"\b(could|may|might) (adversely|negatively|materially|harm|impair|affect|result|"
    r"disrupt|be adversely|not be)\b",
    re.IGNORECASE,
)

# The opening of a 10-K's risk factors: how to read them, not a risk.
RISK_PREAMBLE = re.compile(
    r"^(any of )?(these|such) risks\b|\bof these risks\b|not (yet )?identified|deemed (to be )?"
    r"immaterial|^in (that|such) (case|event)\b|identify, manage and "
    r"mitigate|\b(described (below|in this section)|^described below|categorized|"
    r"the following (risks|factors|discussion|is a summary)|"
    r"not the only|(should|urge\w*) .{0,30}consider|currently (deem|believe|known)|not presently "
    r"known|not all-inclusive|in evaluating (us|our)|order of importance|if any of the following|"
    r"involves risks and uncertainties|risks? (and|or) uncertaint\w+ (described|discussed)|"
    r"(discussed|described|set forth) in these risk factors|\bsee also\b|^for (additional|more|"
    r"further) information\b|"
    # that there are risks, without which: "Our business is subject to various risks and
    # uncertainties."
    r"^(our|its|the company[’']s|the group[’']s) (business|operations) (is|are) subject to "
    r"(various|a number of|many|numerous|a variety of) risks( and uncertainties)?\.?$)",
    re.IGNORECASE,
)

# A level a target is set at: "below 2.0", "above 13%", "at least 10 percent", "minst 10
# procent", "yli 13 %".
TARGET_LEVEL = (
    r"\b(below|above|over|under|at least|at most|less than|more than|exceed(ing)?|minst|högst|"
    r"över|överstiga|yli|alle|vähintään|enintään)\s+(EUR |SEK |USD |\$|€)?\d"
)

CUES: dict[str, re.Pattern[str]] = {
    "overview": re.compile(
        r"\b(is (a|an|the) (\w+ ){0,4}(leader|leading|company|group|provider|supplier|"
        r"manufacturer|producer|operator|developer|retailer|player|specialist|partner)|"
        r"(designs|develops|manufactures|produces|provides|offers|operates|sells|supplies|"
        r"delivers|serves|markets|owns|acquires|pioneered)\b|we (design|develop|manufacture|"
        r"produce|provide|offer|operate|sell|supply|deliver|serve|innovate|enable)\b|"
        r"engaged in|business (concept|model) is|är (en|ett) |on (\w+ ){0,3}(yhtiö|konserni|"
        r"johtava))",
        re.IGNORECASE,
    ),
    "products_services": re.compile(
        r"\b(products?|services|solutions|offerings?|portfolio|brands?|platforms?|segments?|"
        r"business areas?|divisions?|(?<!intellectual )properties)\b|"
        # Swedish and Finnish, also as the last part of a compound ("automationslösningar",
        # "kunnossapitopalveluja", "ohjausjärjestelmiä")
        r"(produkt|tjänst|lösning|fastighet|tuotte|palvelu|ratkaisu|kiinteistö|järjestelm|"
        r"laitte)\w*",
        re.IGNORECASE,
    ),
    "customers": re.compile(
        r"\b(customers?|clients|consumers|end users|tenants|wholesalers|kunder|kunderna|asiakkaat|"
        r"asiakkaita|hyresgäster)\b",
        re.IGNORECASE,
    ),
    "geography": re.compile(
        r"\b(countries|markets?|regions?|market areas?|international|worldwide|globally|outside "
        r"(of )?the (u\.s\.|united states)|located in|present in|operations in|länder|marknader|"
        r"maissa|markkinoilla)\b",
        re.IGNORECASE,
    ),
    "strategy": re.compile(
        r"\b(strateg\w*|our mission|our vision|our (goal|aim|ambition|purpose) is|we aim|we "
        r"intend|we plan|we will continue to|(financial|long-term) targets?|target(s|ed)? (of|"
        r"for|is|are)|ambition|priorit\w+|we expect|is expected|are expected|outlook|guidance|"
        r"focus(es|ed)? on|going forward|strategi\w*|målsättning|mål|tavoit\w*|näkymä\w*|"
        r"odotetaan|förväntas)\b",
        re.IGNORECASE,
    ),
    "risks": re.compile(
        r"\b(risks?|uncertaint\w*|exposed to|exposure|risker|osäkerhet\w*|riski\w*|"
        r"epävarmuu\w*)\b",
        re.IGNORECASE,
    ),
    "accounting": re.compile(
        r"\b(IFRS|IAS \d+|US GAAP|GAAP|accounting (policies|principles|standards?|estimates?)|"
        r"critical (accounting )?estimates?|judge?ments?|estimates and assumptions|recognized|"
        r"recognised|impairment|fair value|redovisningsprinciper|laatimisperiaat\w*|"
        r"tilinpäätös\w*)\b",
        re.IGNORECASE,
    ),
}
# A stated focus: the areas or priorities the issuer says it will concentrate on ("In 2025, we
# intend to focus on several key investment areas: ...", "our key priorities are", "vi
# fokuserar på", "keskitymme").
STATED_FOCUS = re.compile(
    r"\bwe (intend|plan|will continue|continue|aim) to (focus|concentrate) on\b|"
    # "we will focus on the factors we can control to improve profitability" (Outokumpu)
    r"\bwe (will|shall) (focus|concentrate) on\b|"
    # "we are focused on the capabilities of our high-performing networks", "In 2022, we focused
    # on maintaining our network leadership ..." (Verizon's MD&A overview)
    r"\bwe (are |were |remain )?(focused|concentrated) on\b|"
    # "The Board remains focused on both maintaining a solid net cash position ... and returning
    # excess capital to shareholders" (Ericsson's interim report)
    r"^(the board( of directors)?|management|the company|the group) (is|remains|will remain) "
    r"(\w+ )?focused on\b|"
    # what the strategy itself rests on: "The strategy focuses on four pillars ...: boldly
    # building brands, ..." (General Mills' Accelerate strategy)
    r"\b(the|our|this) strategy (focuses|is focused|rests|is built|builds|is based|centers|"
    r"centres) on\b|\b(key|"
    r"strategic|priority|focus) (investment |growth )?(areas|priorities)\b|\b(our|its) (key|top|"
    r"main|strategic) priorities\b|\bvi (kommer att )?fokusera(r)? på\b|\bkeskity(mme|y)\b|"
    # "Our financial focus is on long-term, sustainable growth in free cash flows" (Amazon)
    r"\b(our|its) (financial |primary |main |strategic |long-term )?focus (is|remains) on\b|"
    # what it gives precedence to, opening its sentence: "We prioritise service businesses and
    # businesses in strategic technology areas" (an acquisition strategy), "Vi prioriterar ..."
    r"^(we|the group|the company) (continue to )?prioriti[sz]es?\b|^vi prioriterar\b|"
    r"^(priorisoimme|konserni priorisoi)\b|"
    # what it puts before what, wherever it says it: "as we prioritise margin over volume"
    r"\b(we|the group|the company) prioriti[sz]es? [\w -]{1,40}\bover\b|"
    r"\bprioriterar [\w -]{1,40}\bframför\b",
    re.IGNORECASE,
)
# An outlook as releases state it: a figure expected, estimated or guided for the year ahead.
OUTLOOK_STATEMENT = re.compile(
    r"\b(is|are) (then |now |also )?(expected|estimated|forecast|anticipated|projected) to (be "
    r"between|be in the range|amount to|be (around|approximately|about|higher|lower|stable|"
    r"similar|at the same level)|remain|stay|increase|"
    r"decrease|grow|improve|rise|decline|recover|stabili[sz]e|continue)|\bestimates? that (its|"
    r"our|the group’s|the group's|the company’s|the company's) [\w ]{0,30}(will|to)\b|"
    r"\bförväntas (bli|öka|minska|vara|ligga)|\barvioi\w* (että|liikevaihdon)|"
    r"\bodotetaan \w+(van|vän)\b",
    re.IGNORECASE,
)
# What a 10-K's MD&A says the issuer expects, plans or targets: "We anticipate cash requirements
# for our 2023 capital program to be ...", "Organic net sales are expected to increase 4 to 5
# percent".
EXPECTED = re.compile(
    r"\b(we|management|the company|the group) (currently |now |also )?(expects?|anticipates?|"
    r"plans?|projects?|targets?|intends?)\b|\b(is|are) (currently |now |also )?(expected|"
    r"anticipated|projected|planned|targeted) to\b|\bwe are preparing for\b|"
    r"\bwill likely (result|continue|remain|be)\b|"
    # the verb joined to what "we" did or do ("We increased the production rate to 31 per month
    # in 2022, and expect to implement further ...", "and currently expect the 737-7 to be ...")
    r"\bwe\b[^.;]{0,80}\band (currently |now |also )?(expect|anticipate|plan|intend)\b",
    re.IGNORECASE,
)
# Expected of the accounts, the pension plans or an accounting standard, not of the business.
NOT_AN_OUTLOOK = re.compile(
    r"\bpension|postretirement|benefit plans?|contributions?\b|\btax|interest rates?|"
    r"accounting|adopt|amortiz|\brecogni[sz]ed?\b|\bimpairment|useful li(fe|ves)|"
    r"credit ratings?|repurchase|financing|\bdebt\b|liquidity|borrow|restructuring|"
    r"cash payments",
    re.IGNORECASE,
)
# Who buys, as the industries an offering is for: "solutions for water-intensive industries".
INDUSTRIES_SERVED = re.compile(
    r"\b(solutions|products|services|equipment|technolog\w+|supplier|supplying)\b[^.]{0,80}\b(for|"
    r"to) (the )?([\w-]+,? ){1,6}(industries|industry|sectors)\b|"
    # "lösningar ... till fordons- och verkstadsindustrin", "ratkaisuja ... teollisuudelle"
    r"\b(lösning\w*|produkt\w*|tjänst\w*|utrustning)\b[^.]{0,80}\b(till|för|åt) ([\w-]+,? ){0,5}"
    r"[\w-]*(industrin|industrier|branschen|sektorn)\b|"
    r"\b(ratkaisu\w*|tuott\w*|palvelu\w*|laitte\w*|järjestelm\w*)\b[^.]{0,80}"
    r"(teollisuudelle|teollisuuden tarpeisiin|toimialoille)\b",
    re.IGNORECASE,
)
# Sentences that answer a section outright, wherever they stand.
STRONG: dict[str, re.Pattern[str]] = {
    "customers": re.compile(
        # whom the issuer sells to, the first "to" after the verb ("sold to our BCC segment that
        # are leased by BCC to customers" sells to a segment)
        r"(\b(sell|sells|sold|markets|marketed|distribute|distributes|distributed)|\b(revenues?|"
        r"income) from selling|\brevenues? by selling)\b((?!(?<!referred )\bto\b)[^.]){0,160}?"
        r"\b(directly to "
        r"(our |its )?customers|to (authori[sz]ed |independent )?"
        # "customers" only where the words around it say who they are or how they are reached
        # ("sold to customers in the automotive industry", "directly to customers", "to
        # customers and channel partners"), not "we sell Best Buy gift cards to our customers"
        r"(our |its )?(customers(?= (such as|including|like|ranging|who are|that are|which are|"
        r"of all sizes|across|(participating|operating|active) in|and (channel )?(partners|"
        r"distributors|dealers|resellers)|in (the |"
        r"many |various |a )?[\w-]+( and [\w-]+)? (industr|market|sector|segment)))|consumers|"
        r"businesses|retailers|distributors|wholesalers|utilities|governments|oems|bottl\w+|"
        r"dealers|advertisers|marketers))|"
        # what it provides or offers, to whom by their kind ("one of the world's leading
        # providers of communications ... products and services to consumers, businesses and
        # government entities")
        r"\b(provid\w*|offer(s|ed|ing)?|serv(e|es|ed|ing))\b((?!\bto\b)[^.]){0,100}\bto (both )?"
        r"(consumers|businesses|enterprises|governments?\b|government (entities|customers|"
        r"agencies)|public sector|retailers|wholesalers|distributors|utilities|hospitals|"
        r"airlines|oems|sellers|vendors|publishers|developers|advertisers|marketers)\b|"
        # what it built for whom, by their kind ("We have built world-class advertising
        # technologies for advertisers, agencies, and publishers")
        r"\b(built|designed|developed)\b[^.]{0,80}\bfor (both )?(advertisers|publishers|"
        r"enterprises|developers|marketers|retailers|oems|governments)\b|"
        # whom a supplier supplies, named by their kind ("leading suppliers of consumables,
        # equipment and technical service to dentists across Europe")
        r"\b(suppliers?|providers?|distributors?) of\b((?!\bto\b)[^.]){1,100}\bto "
        r"(?!(?:its|our|their|help|enable|meet|support|ensure|improve)\b)[a-z]{4,}s\b|"
        # the markets or industries it serves, as such ("The main markets served are
        # semiconductor and scientific instruments, as well as ... industrial segments")
        r"\b(main |principal |primary |key |major )?(end[- ])?(markets|industries|sectors) "
        r"served (are|include)\b|"
        # whom it serves, named as the verb's object ("We serve consumers through our online and
        # physical stores", "We serve developers and enterprises of all sizes")
        r"\b(we|it|the company|the group) (primarily |also )?serves? (both )?(consumers|"
        r"businesses|enterprises|developers|governments?|retailers|wholesalers|distributors|"
        r"utilities|hospitals|airlines|advertisers|marketers|sellers|patients|households)\b|"
        r"(customers?|clients|wholesalers|distributors|retailers|resellers|kunder?|asiakk\w*)"
        r"[^.]{0,120}(accounted for|represented|account(s|ed)? for|"
        r"more than (ten|10) per ?cent|\d+\s?(%|per ?cent) of)|(no single|one|a single|largest|"
        r"two|three|ten largest|largest single) (customers?|client)|(?<!we )(direct|indirect) "
        r"(customers|clients)|"
        # "our customers are primarily ...", not what they are doing ("are facing", "are
        # committed")
        r"(our|its|these|the company’s|the company's|the group’s|the group's) ((primary|"
        r"principal|main|key|major|core|largest) )?customers (include|"
        r"are(?! (?!concentrated)\w+(ed|ing)\b)|range)|(customers|clients) (include|such as|"
        r"ranging from)|concentration of (credit )?"
        r"risk|\bamong (our|its|the company’s|the company's|[\w-]+[’']s) (customers|clients) "
        r"(are|is)\b|"
        # "our primary customer sets, consisting of consumers, sellers, ...", "our customer base
        # comprises ..."
        r"\b(customers?|client) (sets|base|bases|groups|segments|categories)\b,?\s+(consist\w*|"
        r"compris\w*|includ\w*|(are|is) made up)\b|\b(our|its|their|[\w-]+[’']s) ([\w-]+ ){0,2}"
        r"(customers|clients) (consist|comprise)\w*\b|"
        # Swedish: "Bland kunderna finns ...", "Våra kunder är ...", "säljer ... till företag"
        r"\b(bland (våra |dess |bolagets |koncernens )?kunder(na)?|(våra|dess|bolagets|"
        r"koncernens) kunder|kunderna|kundbasen)\b[^.]{0,20}\b(finns|är|utgörs|består|"
        r"återfinns|inkluderar)\b|\bsäljer\b[^.]{0,60}\btill (\w+ )?(kunder|företag|"
        r"konsumenter|återförsäljare|grossister|industri\w*)\b|"
        # Finnish: "sen asiakkaita ovat ...", "asiakkaisiin kuuluu ...", "myy ... yrityksille"
        r"\b(asiakkai(ta|mme|nsa|siin|siimme)|asiakkaat|asiakkaamme|asiakaskunta\w*)\b[^.]{0,20}"
        r"\b(ovat|on|koostuu|muodostuu|kuuluu|kuuluvat)\b|\bmyy\w*\b[^.]{0,60}(asiakkaille|"
        r"yrityksille|kuluttajille|jälleenmyyjille|tukkureille|teollisuudelle)\b",
        re.IGNORECASE,
    ),
    "geography": re.compile(
        r"(operates?|operations|present|sales|customers|business|presence|offices|sold|"
        r"available|distributed|subsidiaries) in (virtually |nearly |almost )?(all|every) "
        r"(countries|country|markets) |"
        r"(operates?|operations|present|sales|customers|business|presence|offices|sold|"
        r"available|distributed|subsidiaries|stores|locations) in (more than |over |about |"
        r"approximately |some )?"
        r"(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
        r"forty|fifty) "
        r"(countries|markets|states)|"
        # "... accounted for approximately 54%, 54%, and 55% of our total consolidated net
        # revenues"
        r"\d+\s?(%|per ?cent) of (net |total |our |consolidated )*(sales|revenues?)[^.]{0,60}"
        r"(outside|international|foreign|non-u\.s\.)|(outside|international|foreign|non-u\.s\.)"
        r"[^.]{0,60}\d+\s?(%|per ?cent) of (net |total |our |consolidated )*(sales|revenues?)|"
        # "International sales as a percentage of net revenue were 75% in 2015"
        r"(outside|international|foreign|non-u\.s\.)[^.]{0,40}\bas a percentage of (net |total |"
        r"our |consolidated )?(sales|revenues?) (was|were) (approximately |about )?\d+|"
        r"(reportable|operating) segments (consist|are)[^.]{0,40}(americas|europe|asia|"
        r"international)|\b(our|its|the|four|three|two|five|six|seven) market areas?\b|"
        r"(located|portfolio is located) in|largest markets? "
        r"(are|is|were)|"
        # where it leads its market: "securing the top market position in Europe and second
        # place in North America"
        r"\bmarket (positions?|leader(ship)?) in (the )?(?-i:[A-Z])|\b(second|third) place in "
        r"(the )?(?-i:[A-Z])|\bmarknadsposition(er)? i (?-i:[A-Z])|markkina-asema\w* "
        r"(?-i:[A-Z])\w+ssa\b|"
        # that it sells almost only at home: "International operating revenues were not
        # significant"
        r"(international|foreign|non-u\.s\.) (operating )?(revenues?|sales) (were|was|are|is) "
        r"(not (significant|material)|immaterial)",
        re.IGNORECASE,
    ),
    "strategy": re.compile(
        # also with what the aim is of ("Our long-term growth objectives are to deliver")
        r"\b(our|its|the group’s|the group's|the company’s|the company's) (((long|medium)-term|"
        r"financial|growth|strategic|key|overall|primary) ){0,2}(targets?|"
        r"goals?|aims?|ambitions?|objectives?) (is|are|of|for|to)\b|\b(we|our|the company|the "
        r"group)\b[^.]{0,40}"
        # a strategy, not a business, partnership or joint venture called strategic
        r"\bstrateg(y|ies|ic (priorit|plans?\b|goals?|objectives?|initiatives?|direction|focus|"
        r"pillars?|ambitions?|agenda)|ic(ally)? (important )?(acquisitions?|investments?|steps?|"
        r"moves?))|\b(is|are) focused on (expanding|growing|developing|"
        r"building|creating|"
        r"delivering|becoming|improving|strengthening)|"
        r"\b(our|its|the group’s|the group's|the company’s|the company's) (strategy|mission|"
        r"vision|purpose|strategic (priorities|direction))\b|financial targets?|long-term "
        r"targets?|(demand|market|markets|sales|revenue|growth|activity) (is|are) expected to|"
        r"guidance for "
        r"\d{4}|outlook for \d{4}|we (expect|aim|target)|strategi(n|ska)? |tavoitte\w*|"
        r"näkymät|\b[\w-]+[’']s (long-term )?(financial )?(targets?|goals?|ambitions?) (is|are|of|"
        r"for|to|has|have)\b|"
        # "Atlas Copco has the ambition to grow all its business areas"
        r"\b(has|have) (the|an|a clear) (ambition|aim|goal|objective) (to|of)\b|"
        # an acquisition made for what it is to do ("We also acquired SRS to accelerate our growth
        # with Pros", "förvärvade X för att stärka")
        r"\b(we|the company|the group) (also )?(acquired|completed the acquisition of)\b[^.]{1,60}?"
        r"\bto (accelerate|expand|strengthen|extend|grow|broaden|enhance|complement)\b|"
        r"\bförvärv(ade|et av)\b[^.]{1,60}?\bför att (stärka|bredda|utöka|accelerera|växa)\b|"
        # a target stated at its level: "The target to keep the ratio below 2.0 remains", "ROCE
        # ... increased to 3.6%, the target being above 13%", "målet är minst 10 procent"
        r"\b(target|mål|målet|tavoite|tavoitteena)\b[^.;]{0,50}" + TARGET_LEVEL,
        re.IGNORECASE,
    ),
    "accounting": re.compile(
        r"(prepared|presented) in accordance with|IAS 34|critical accounting (policies|"
        r"estimates)|significant (accounting )?(estimates|judge?ments)|same accounting "
        r"(policies|principles)|accounting (policies|principles) (and methods )?(are|were|have)",
        re.IGNORECASE,
    ),
}
# Headings of the parts of a business description that are about others or about rules, not
# where the company sells or what it aims at: competition, regulation, legal matters, patents.
OTHER_PARTS = re.compile(
    r"competition|competitive|competitors|regulation|regulatory|governmental|legal proceedings|"
    r"litigation|patents|intellectual property|trademarks|human capital|cybersecurity",
    re.IGNORECASE,
)
# Strategies that are no company's: how it accounts, invests pension assets or hedges, how it
# follows laws, a transaction's conditions.
NOT_A_STRATEGY = re.compile(
    # (goodwill, not a measure taken without it: "Return on capital employed excluding goodwill")
    r"impairment|(?<!excluding )goodwill|amortiz|recogni[sz]|transaction is subject|plan assets|"
    r"\bpension|"  # not a dividend's suspension
    r"rate of return|hedg\w+|derivative|\blaws?\b|legislation|privacy|data protection|"
    r"regulatory (trends|developments|initiatives|requirements)|(financing|cash management|"
    r"hedging|tax) strateg|borrow|obligations|cash flows? from operat|"
    # the UN's goals, the workforce's engagement, and that guidance is given, are none of its own
    r"sustainable development goals|engagement strategy|\bprovides? (financial )?guidance\b|"
    # who decides on the strategy, a matter of governance ("General decisions on acquisitions,
    # sales, strategies and focus areas are made by Lifco's Board of Directors")
    r"\bdecisions? (on|about|regarding)\b[^.]{0,120}\b(are|is) (made|taken) by\b|"
    r"^here,? we\b|"
    # how a figure was estimated ("We apply significant judgment in estimating this expense
    # breakdown")
    r"\bjudge?ment in estimating\b|"
    # what it faces in court, a risk, and an example of what was said before
    r"legal proceedings|litigation|lawsuits|\badversely\b|^for (example|instance)\b|"
    # what the past year brought ("During fiscal 2023, our team delivered strong execution ...")
    r"^during (fiscal )?(year )?\d{4}\b[^.]*\b(delivered|achieved|executed|completed|grew)\b",
    re.IGNORECASE,
)
# The words after a list of names a sentence gives: "the X, Y and Z segments".
SEGMENT_KINDS = re.compile(
    r"\b(segments?|business areas?|divisions?|business units?|affärsområde(t|n|na)?|"
    r"segment(et|en)|divisionen|divisioner(na)?)\b|"
    # Finnish: "Automaatio-liiketoiminta-alue", "liiketoiminta-alueen", "segmentin"
    r"\bliiketoiminta-alue\w*|\bsegmenti\w*|\bdivisioon\w*"
)
SEGMENT_TABLE = re.compile(
    r"^(analysis of (net )?(revenues?|sales)|(revenue|sales) analysis)$|"
    r"\b(revenues?|net sales|sales|orders received|order intake|omsättning|intäkter|"
    r"liikevaihto)\b.{0,30}\b(by|per)\s+(operating\s+|reportable\s+)?(segments?|business "
    r"areas?|divisions?|affärsområden?|categor(y|ies)|products?|product (areas?|lines?|groups?)|"
    r"type of (income|revenue)|revenue streams?|produktområden?)\b|segmenteittäin|"
    r"liiketoiminta-alueittain",
    re.IGNORECASE,
)
# A 10-K's table of revenue by product line, as its notes or MD&A title it ("Net sales by groups
# of similar products and services", "net sales by major product line", "net sales by
# category", "revenues by type", "Revenue by source"): its rows are the issuer's own products.
PRODUCT_TABLE = re.compile(
    r"\b(net sales|net revenues?|revenues?|sales|omsättning|nettoomsättning|intäkter|"
    r"liikevaihto)\b[^.:;]{0,40}?\b(by|per)\s+((the\s+)?groups? of similar products and "
    r"services|(the\s+)?class(es)? of similar products|(major\s+)?product (lines?|"
    r"categor(y|ies)|groups?|areas?|types?)|(product\s+|"
    r"merchandise\s+)?categor(y|ies)|(significant\s+)?products? and services?|type of "
    r"(products?|services?)|type(?! of)|((major|revenue)\s+)?sources?(?! of)|market platforms?|"
    r"specialized markets?|end markets?|produktområden?|produktgrupp(er)?)\b|"
    r"\b(tuotteittain|tuoteryhmittäin|tuotealueittain)\b|"
    # "Major Innovative Medicine therapeutic area sales:", "Major MedTech franchise sales:"
    r"\b(therapeutic areas?|franchises?|brands?|major products?) (net )?sales\b|"
    r"\b(net )?sales (by|of) (major )?(therapeutic areas?|franchises?|brands?)\b",
    re.IGNORECASE,
)

# --- the shapes of sentences the sections' rules read ------------------------------------------

DEFINITION = re.compile(
    r"the terms? [“\"]|referred to as|hereinafter|fiscal year (is|ends)|"
    r"\b52[- ](or|to)[- ]53[- ]week|"
    # a fiscal calendar's weeks ("The years ended December 26, 2015, ... each included 52 weeks")
    r"\b(each )?(included|includes|include|consisted of|consists of|contained) (52|53) weeks\b|"
    r"unless (otherwise stated|the context)|refer(s)? to the|as used in this",
    re.IGNORECASE,
)
# How risks are managed, and reassurance: no risk the issuer states.
RISK_MANAGEMENT = re.compile(
    r"risk management|manag(e|es|ing) (the |these |its |our |such )?risks|(identif\w+|assess\w+|"
    r"analy[sz]\w+)[^.]{0,40}\brisks\b|risks? (assessment|analys[ie]s|process|protocol|"
    r"mitigation|owners?|taking)\b|measures aimed at|awareness of risks|\brisks\b[^.]{0,40}\b(are|"
    r"is|have been) (\w+ ){0,2}(identified|assessed|analy[sz]ed|managed|addressed|evaluated|"
    r"monitored|reviewed|defined)\b|riskhantering|hantera risker|riskienhallin\w*|"
    r"hallita riskejä|"
    # that there are risks, not which ("Ericsson is exposed to a number of risks in its
    # activities")
    r"\b(is|are) exposed to (a number of|various|several|many|different|a variety of) (\w+ )?"
    r"risks\b|exponerade? för (ett antal|olika|flera) (\w+ )?risker|"
    r"altist\w+ (useille|monille|erilaisille) (\w+ )?riskeille",
    re.IGNORECASE,
)
REASSURANCE = re.compile(
    r"\bwe are (convinced|confident)\b|solid (balance sheet|financial position)|resilient "
    r"business model|(able|well equipped|well[- ]positioned) to (navigate|manage|handle)",
    re.IGNORECASE,
)
# How the issuer measures its results (non-GAAP, alternative performance measures): no part of
# what it does.
MEASURES = re.compile(
    r"\b(these|such|those|financial|performance|non-gaap|non-ifrs) measures?\b|"
    r"\bnon-(gaap|ifrs)\b|alternativa nyckeltal|vaihtoehtoiset tunnusluvut",
    re.IGNORECASE,
)
REFERRAL = re.compile(
    r"^with reference to|^(please )?(refer|see)\b|for (more|further|additional) information|"
    r"^as (discussed|described|noted) (in|under)\b|\breferenced in (part|item)\b|"
    r"described in (more detail|the "
    r"annual report|note)|are described in|(is|are) (available|presented|shown) in note|"
    r"(is|are) (described|set out|presented|shown) below|\bas set (forth|out) below\b|"
    # "Information on our net sales is contained in Item 8 of Part II"
    r"(is|are) (contained|included|found|provided) in (item|part|note)\s+\w+|"
    # "Our significant accounting policies are disclosed in Note 1", "please see Note 2",
    # "Note 1, “Summary of Significant Accounting Policies” ... describes ..."
    r"(disclosed|discussed) in note\s+\d|please (see|refer)\b|^note\s+\d+\b.{0,160}\bdescribes\b",
    re.IGNORECASE,
)
# What every filer says of its estimates before it names them: its GAAP, that estimates are
# needed and may prove wrong, what a critical estimate is, that the audit committee saw them.
# None of it tells one issuer's accounting from another's.
ESTIMATES_PREAMBLE = re.compile(
    # the GAAP it follows
    r"in (accordance|conformity) with (U\.?S\.? )?(GAAP|generally accepted accounting principles|"
    r"accounting principles generally accepted)|in conformity with U\.?S\.? generally accepted|"
    r"follow (U\.?S\.? GAAP|accounting principles generally accepted)|"
    r"financial statements include the accounts of|intercompany (balances|transactions|accounts)"
    r".{0,60}eliminated|discussion and analysis of .{0,120}\b(is|are) based (up)?on (our|its|the)|"
    # that estimates are needed, how they are made, and that they may prove wrong
    r"requires? (that )?(management|us|the company|the group|we)( to)? (make|use) (certain )?"
    r"(estimates|assumptions|judge?ments)|(estimates|assumptions|judge?ments)( and (estimates|"
    r"assumptions|judge?ments))? affect the reported amounts|actual results( \w+){0,4} differ|"
    r"\bbases? (its|our|their) (\w+,? ){0,4}on (historical|past) experience|(estimates|"
    r"judge?ments|assumptions) (are|is) based on (past events|historical experience)|"
    r"(are|is) (continually|regularly) evaluated and (are|is) based on historical|"
    r"evaluates? (our|its|these) estimates( and (assumptions|judge?ments))? (on an on-?going "
    r"basis|regularly|continually)|differences between (these|our|its|the) estimates and actual "
    r"results|"
    r"(continually|regularly) (reviews?|evaluates?) (our|its|these) (accounting policies|"
    r"estimates)|believes? that (our|its|these) estimates(, assumptions,?)?( and judge?ments)? "
    r"are reasonable|(most )?difficult, subjective (or|and) complex judge?ments|"
    r"other (key|significant) accounting policies, which involve|(have|has) not made any "
    r"material changes (to|in) (our|its) (critical )?accounting|"
    # what a critical estimate is, and that the ones below are they
    r"critical accounting (estimates|policies) (are|as) (those|the ones|estimates)|(has )?defined "
    r"a company[’']s critical accounting|based on this definition|understanding of certain key "
    r"accounting|(following|below) is a summary of (our|the) critical|the following discussion "
    r"addresses our (most )?critical|believes?( that)? the following (accounting estimates )?"
    r"(are )?(the )?(most )?critical|with the audit committee|strives to report|"
    r"kräver att (företags)?ledningen gör|(verkligt|faktiskt) utfall kan (komma att )?avvika|"
    r"edellyttää (yhtiön |konsernin )?johdo\w* |(todelliset tulokset|toteumat?) (voi|voivat) "
    r"poiketa",
    re.IGNORECASE,
)
# A note's part that describes the business, not its accounting ("1. Summary of Significant
# Accounting Policies / Description of Business").
ABOUT_THE_BUSINESS = re.compile(
    r"description of (the )?business|nature of (the )?(business|operations)|^organi[sz]ation\b|"
    r"business description|verksamhetens art|verksamhetsbeskrivning|toiminnan (luonne|kuvaus)",
    re.IGNORECASE,
)
# (with the common noun of a region's name: "the Baltic countries", "the Nordic region")
PLACE_WORD = re.compile(
    r"\b[A-ZÅÄÖ][\w’'.-]+(?:\s+[A-ZÅÄÖ][\w’'-]+){0,3}(?:\s+(?:countries|states|region)\b)?"
)
# What a company is, in its own words: "X is a world-leading provider of ...".
WHAT_IT_IS = re.compile(
    r"\b(is|are) (a|an|the|one of the) ([\w’'-]+ ){0,5}(leader|leading|company|group|provider|"
    r"supplier|manufacturer|producer|operator|developer|retailer|player|specialist|owner|firms?|"
    r"retailers?|companies|holding company|conglomerate|(collection|family|portfolio) of "
    r"(\w+ )?(businesses|companies|brands))\b|"
    r"\bär (en|ett) |\bon (\w+ ){0,3}(yhtiö|konserni|johtava)",
    re.IGNORECASE,
)
# A sentence of the issuer's aims, not of what it does: its mission, vision, purpose or guiding
# principles ("We seek to be Earth's most customer-centric company", "Our mission is to ...",
# "Vår vision är ...", "Missiomme on ...").
MISSION = re.compile(
    r"^(we (seek|strive|aspire) to (be|become)|we are (guided|driven|inspired) by|"
    r"(our|its|the (company|group)[’']s) "
    r"(mission|vision|purpose|aspiration|ambition|guiding principles)\b|"
    r"(vårt|vår) (syfte|uppdrag|vision|mission|ambition)\b|"
    r"(missiomme|visiomme|tarkoituksemme|tavoitteemme) )",
    re.IGNORECASE,
)
# "As one of the Nordic region's leading suppliers of ..., we help ...".
AS_ONE_OF = re.compile(
    r"^as (a|an|the|one of the) ([\w’'-]+ ){0,6}(leader|leading|supplier|provider|company|"
    r"manufacturer|producer|operator|retailer|group)[^.]{0,120},\s*(we|our)\b",
    re.IGNORECASE,
)
# A sentence that opens with what its subject does: "We design, develop ...", "Neste uses ...",
# "Foot Locker, Inc. leads ... through a portfolio of brands".
# How large the business is where it is: the stores, restaurants, plants or offices the issuer
# had at the year's end ("We had 1,138 stores at the end of fiscal 2023", "Vi har 120 butiker",
# "Meillä on yli 200 myymälää").
FOOTPRINT = re.compile(
    # after the date it is of ("As of December 31, 2022, we operate 17 domestic casino resorts")
    r"^((as of|at the end of|at)\s[\w ,]{0,30}?\d{4},\s+)?"
    r"(we|the company|it|vi|meillä|yhtiöllä)\s+(had|have|has|operated?|operates|owned|owns|har|"
    r"hade|driver|on|oli)\s+((approximately|about|around|over|more than|nearly|ungefär|cirka|"
    r"omkring|över|noin|yli)\s+)?\d[\d,. ]*\s+([\w-]+\s+){0,2}(stores|restaurants|hotels|resorts|"
    r"casinos|plants|factories|mills|locations|branches|outlets|clinics|warehouses|(fulfillment|"
    r"distribution) centers|offices|butiker|restauranger|fabriker|anläggningar|kontor|myymälää|"
    r"ravintolaa|tehdasta|toimipistettä)\b",
    re.IGNORECASE,
)
DOES = re.compile(
    r"^([\w&’'.,()-]+\s){1,5}(also )?(designs?|develops?|manufactures?|produces?|provides?|"
    r"offers?|operates?|sells?|supplies|delivers?|serves?|owns?|acquires?|pioneered|uses?|"
    r"leads|makes|markets|builds|runs|"
    r"creates?|enables?|innovates?|deliver|erbjuder|utvecklar|tillverkar|tarjoaa|valmistaa)\b",
    re.IGNORECASE,
)
# Verbs that say what something is or offers, not how it fared.
SAYS_WHAT = re.compile(
    r"\b(includes?|including|consists? of|comprises?|offers?|provides?|develops?|designs?|"
    r"manufactures?|produces?|sells?|supplies|delivers?|serves?|markets?|operates?|is (a|an|the)|"
    r"are (a|an|the)|focus(es|ed)? on|specializ\w+|specialis\w+|erbjuder|tillhandahåller|"
    r"utvecklar|tillverkar|levererar|säljer|tarjoaa|tarjoavat|valmistaa|kehittää|toimittaa|"
    r"myy)\b",
    re.IGNORECASE,
)
NOT_AN_OFFERING = re.compile(
    r"recogni[sz]ed|performance obligation|right of return|allowance|geographic|expenses|"
    r"costs?\b|margin|CODM|chief operating decision|expected|amortization|impairment|"
    r"restructuring|growth|outlook|divest\w*|performance|profitab\w+|\borders?\b|order intake|"
    r"\bdemand\b|remained|\bflat\b|\bquarter\b|\bseason|recast|restated|reclassif\w+|allocat\w* "
    r"resources|fair (market )?value|\bmarkets? (is|are|was|were|remains?|remained)\b|cyclical|"
    r"listed on|"
    # a customer's share of revenue is the customers' concentration, not an offering
    r"represented (approximately )?\d|economic characteristics|quantitative (limits|thresholds)|"
    r"\bpatents?\b|discontinued operations|goodwill|intangible assets|acquired assets|"
    r"transactions between|inter-?segment|accounting policies|\bASC \d{3}\b|criteria set forth|"
    # where a business is reported, not what it offers ("Pet City is reported in the New Markets
    # segment", "Market area Other includes IPR licensing revenues and almost all sales in
    # segment Enterprise")
    r"\b(is|are|was|were) (now |also )?(reported|presented|included) (in|within|under|as part "
    r"of) (the )?([\w&,'’ -]{0,40} )?(segments?|market areas?|business areas?|divisions?)\b|"
    r"^(segment|market area|business area) [\w ]{1,30} (includes?|comprises?)\b",
    re.IGNORECASE,
)
NOT_WHERE_IT_SELLS = re.compile(
    r"employees|associates|workforce|headcount|headquarter|tax|exchange rates?|inflation|"
    r"^\(\d\)|warehouses?|risks?\b|subject to|investigation|lawsuit|court|export|licens|"
    r"regulat|government|hired|trainees|recruit|litigation|lawsuits?|plaintiffs?|proceedings|"
    r"\blaws?\b|legislation|privacy|data protection|compet\w*|square (feet|foot|met(er|re)s)|"
    r"floor space|class actions?|claims? (have|has) been|(filed|brought) (in|against)|"
    r"pensions?|defined benefit|retirees|post-?retirement|leasing programs?|leases under|fair "
    r"value|divest|"
    # trade policy between countries, not where the issuer sells ("agreements with Mexico, Canada
    # ... to ease or remove tariffs on steel")
    r"tariffs?|sanctions|embargo\w*|trade (agreements?|polic\w+|restrictions?|disputes?|"
    r"tensions?|barriers?|wars?)|"
    # where it is incorporated and its address ("FOOT LOCKER, INC., a New York corporation with
    # its principal office at ..."), and what it buys where ("we plan to purchase up to ... of
    # capacity across multiple states, including Arizona, ...")
    r"\b(a|an) ((?-i:[A-Z])\w+ ){1,2}(corporation|company)\b|principal (executive )?offices?|"
    r"incorporated (in|under)|organized under|\b(we|to) (\w+ ){0,2}purchase\b|"
    # what drives its markets, of which where it stands is an aside ("Other market drivers are
    # the ongoing electrification ..., where Bravida has ... strengthened our market position in
    # the Nordic region")
    r"\bmarket drivers?\b|\bdrivers? of (the )?(market|demand)\b|marknadsdrivare|"
    r"markkinaa? ajavat",
    re.IGNORECASE,
)
# Where a company has a presence, listed: "a presence in about 190 locations in Sweden, Norway,
# Denmark and Finland", "manufacturing clusters: Sweden, Finland, Germany ...".
PRESENT_IN = re.compile(
    r"\b(presence|present|located|operat\w*|offices|sites|plants|factories|stores|locations|"
    r"branches|clusters|närvaro|verksamhet|toimipisteet|toimintaa)\b",
    re.IGNORECASE,
)
