"""The profile's tags and headings, and their Finnish and Swedish names.

A tag is given when its words occur in a section's chosen text (a small vocabulary of segments,
product families, customer kinds, risk kinds and accounting topics, matched in the text's
language: English words, and the Swedish and Finnish words reports use for the same); headings
and tags are shown in the locale asked for, whatever language the text is in.
"""

from __future__ import annotations

import re
from functools import lru_cache

TAGS: dict[str, dict[str, tuple[str, ...]]] = {
    "products": {
        "smartphones": ("smartphone",),
        "personal computers": ("personal computer", "laptop", "desktop"),
        "tablets": ("tablet",),
        "wearables": ("wearable", "watches", "smartwatch", "apple watch"),
        "services": ("services",),
        "software": ("software",),
        "cloud": ("cloud",),
        "semiconductors": ("semiconductor", "chip", "gpu", "processor"),
        "data center": ("data center",),
        # networks as a product, not "services through a global network" or a dealer network
        "networking": (
            "networking",
            "network infrastructure",
            "network equipment",
            "network products",
            "network solutions",
            "mobile network",
            "radio network",
        ),
        "gaming": ("gaming",),
        "automotive": (
            "automotive",
            "electric vehicle",
            "passenger vehicle",
            "motor vehicle",
            "cars",
        ),
        "energy storage": ("energy storage", "battery", "batteries"),
        "solar": ("solar",),
        "advertising": ("advertising",),
        "payments": ("payment",),
        "dental": ("dental",),
        "tools": ("tool",),
        "compressors": ("compressor",),
        "telecommunications": ("mobile", "broadband", "telecom", "5g"),
        "chemicals": ("chemical",),
        "packaging": ("packaging", "paper", "board"),
        "steel": ("steel", "stainless"),
        # fuels, not "renewable products" or "renewable energy" markets
        "renewable fuels": (
            "renewable fuel",
            "renewable diesel",
            "aviation fuel",
            "biofuel",
            "renewable feedstock",
        ),
    },
    "customers": {
        "consumers": ("consumer",),
        "businesses": ("business customer", "enterprise", "businesses"),
        "small and medium-sized businesses": ("small and medium",),
        "education": ("education",),
        "government": ("government",),
        "cloud service providers": ("cloud service provider",),
        "original equipment manufacturers": ("oem", "original equipment manufacturer"),
        "distributors and resellers": ("distributor", "reseller", "retailer", "carrier"),
        "industrial customers": ("industrial", "manufacturing", "industries"),
        "healthcare": ("dentist", "hospital", "healthcare", "health care"),
    },
    "risks": {
        "competition": ("competit",),
        "supply chain": ("supply", "supplier", "manufacturing partner", "outsourcing"),
        "regulation": ("regulat", "law", "legislation"),
        "trade and export controls": ("export control", "tariff", "trade"),
        "cybersecurity": ("cyber", "security breach", "data security"),
        "intellectual property": ("intellectual property", "patent"),
        "litigation": ("litigation", "legal proceeding", "lawsuit"),
        "macroeconomic": ("economic", "inflation", "recession"),
        "currency": ("currency", "exchange rate"),
        "interest rates": ("interest rate",),
        "taxes": ("tax", "taxation"),
        "climate": ("climate", "weather"),
        "key personnel": ("key personnel", "key employee"),
        "customer concentration": ("concentration", "limited number of customers"),
        "geopolitical": ("geopolitical", "war", "conflict"),
        "acquisitions": ("acquisition",),
    },
    "accounting": {
        "revenue recognition": ("revenue recognition", "performance obligation"),
        "income taxes": ("income tax", "uncertain tax"),
        "inventories": ("inventor",),
        "goodwill and intangibles": ("goodwill", "intangible"),
        # legal proceedings and contingencies, not "Accounting for Legal Entities" (RFR 2)
        "legal contingencies": ("legal proceeding", "legal matter", "litigation", "contingenc"),
        "warranties": ("warrant",),
        "leases": ("lease",),
        "share-based compensation": ("stock-based", "share-based"),
        "pensions": ("pension", "postretirement", "retirement benefit"),
        "estimates and judgements": ("estimate", "judgement", "judgment"),
    },
}

# The same tags' words in Swedish and Finnish reports, so a Swedish or Finnish text is tagged too.
LOCAL_WORDS: dict[str, tuple[str, ...]] = {
    "services": ("tjänster", "palvelut"),
    "software": ("mjukvara", "programvara", "ohjelmisto"),
    "tools": ("verktyg", "työkalu"),
    "compressors": ("kompressor", "kompressori"),
    "telecommunications": ("mobil", "bredband", "matkapuhelin", "laajakaista"),
    "chemicals": ("kemikal", "kemikaali"),
    "packaging": ("förpackning", "pakkaus", "kartong", "kartonki"),
    "steel": ("stål", "teräs"),
    "consumers": ("konsument", "kuluttaj"),
    "businesses": ("företag", "yritys"),
    "industrial customers": ("industri", "teollisuu"),
    "competition": ("konkurrens", "kilpailu"),
    "regulation": ("lagstiftning", "reglering", "sääntely", "lainsäädäntö"),
    "macroeconomic": ("konjunktur", "talous", "inflation"),
    "pensions": ("pension", "eläke", "eläkkee"),
    "currency": ("valuta",),
    "interest rates": ("ränta", "korko"),
    "taxes": ("skatt", "vero"),
    "geopolitical": ("geopoliti", "krig", "sota"),
    "revenue recognition": ("intäktsredovisning", "tuloutus"),
    "goodwill and intangibles": ("goodwill", "immateriell", "aineeton", "liikearvo"),
    "leases": ("leasing", "vuokra"),
    "estimates and judgements": ("bedömning", "uppskattning", "arvio", "harkinta"),
}

TAG_NAMES: dict[str, dict[str, str]] = {
    "fi": {
        "smartphones": "älypuhelimet",
        "personal computers": "tietokoneet",
        "tablets": "tabletit",
        "wearables": "puettavat laitteet",
        "services": "palvelut",
        "software": "ohjelmistot",
        "cloud": "pilvipalvelut",
        "semiconductors": "puolijohteet",
        "data center": "datakeskukset",
        "networking": "verkot",
        "gaming": "pelaaminen",
        "automotive": "autoteollisuus",
        "energy storage": "energian varastointi",
        "solar": "aurinkoenergia",
        "advertising": "mainonta",
        "payments": "maksut",
        "dental": "hammashoito",
        "tools": "työkalut",
        "compressors": "kompressorit",
        "telecommunications": "tietoliikenne",
        "chemicals": "kemikaalit",
        "packaging": "pakkaukset",
        "steel": "teräs",
        "renewable fuels": "uusiutuvat polttoaineet",
        "consumers": "kuluttajat",
        "businesses": "yritykset",
        "small and medium-sized businesses": "pk-yritykset",
        "education": "koulutus",
        "government": "julkinen sektori",
        "cloud service providers": "pilvipalveluntarjoajat",
        "original equipment manufacturers": "laitevalmistajat",
        "distributors and resellers": "jakelijat ja jälleenmyyjät",
        "industrial customers": "teollisuusasiakkaat",
        "healthcare": "terveydenhuolto",
        "competition": "kilpailu",
        "supply chain": "toimitusketju",
        "regulation": "sääntely",
        "trade and export controls": "kauppa- ja vientirajoitukset",
        "cybersecurity": "kyberturvallisuus",
        "intellectual property": "immateriaalioikeudet",
        "litigation": "oikeudenkäynnit",
        "macroeconomic": "makrotalous",
        "currency": "valuutta",
        "interest rates": "korot",
        "taxes": "verot",
        "climate": "ilmasto",
        "key personnel": "avainhenkilöt",
        "customer concentration": "asiakaskeskittymä",
        "geopolitical": "geopolitiikka",
        "acquisitions": "yritysostot",
        "revenue recognition": "tuloutus",
        "income taxes": "tuloverot",
        "inventories": "vaihto-omaisuus",
        "goodwill and intangibles": "liikearvo ja aineettomat hyödykkeet",
        "legal contingencies": "oikeudelliset vastuut",
        "warranties": "takuut",
        "leases": "vuokrasopimukset",
        "share-based compensation": "osakeperusteiset palkkiot",
        "pensions": "eläkkeet",
        "estimates and judgements": "arviot ja harkinta",
    },
    "sv": {
        "smartphones": "smartphones",
        "personal computers": "datorer",
        "tablets": "surfplattor",
        "wearables": "bärbar teknik",
        "services": "tjänster",
        "software": "mjukvara",
        "cloud": "molntjänster",
        "semiconductors": "halvledare",
        "data center": "datacenter",
        "networking": "nätverk",
        "gaming": "spel",
        "automotive": "fordon",
        "energy storage": "energilagring",
        "solar": "solenergi",
        "advertising": "annonsering",
        "payments": "betalningar",
        "dental": "dental",
        "tools": "verktyg",
        "compressors": "kompressorer",
        "telecommunications": "telekommunikation",
        "chemicals": "kemikalier",
        "packaging": "förpackningar",
        "steel": "stål",
        "renewable fuels": "förnybara bränslen",
        "consumers": "konsumenter",
        "businesses": "företag",
        "small and medium-sized businesses": "små och medelstora företag",
        "education": "utbildning",
        "government": "offentlig sektor",
        "cloud service providers": "molntjänstleverantörer",
        "original equipment manufacturers": "utrustningstillverkare",
        "distributors and resellers": "distributörer och återförsäljare",
        "industrial customers": "industrikunder",
        "healthcare": "sjukvård",
        "competition": "konkurrens",
        "supply chain": "leveranskedja",
        "regulation": "reglering",
        "trade and export controls": "handels- och exportkontroller",
        "cybersecurity": "cybersäkerhet",
        "intellectual property": "immateriella rättigheter",
        "litigation": "rättstvister",
        "macroeconomic": "makroekonomi",
        "currency": "valuta",
        "interest rates": "räntor",
        "taxes": "skatter",
        "climate": "klimat",
        "key personnel": "nyckelpersoner",
        "customer concentration": "kundkoncentration",
        "geopolitical": "geopolitik",
        "acquisitions": "förvärv",
        "revenue recognition": "intäktsredovisning",
        "income taxes": "inkomstskatter",
        "inventories": "varulager",
        "goodwill and intangibles": "goodwill och immateriella tillgångar",
        "legal contingencies": "rättsliga ansvarsförbindelser",
        "warranties": "garantier",
        "leases": "leasing",
        "share-based compensation": "aktierelaterade ersättningar",
        "pensions": "pensioner",
        "estimates and judgements": "uppskattningar och bedömningar",
    },
}

HEADINGS: dict[str, dict[str, str]] = {
    "en": {
        "overview": "What the company does",
        "products_services": "Products and services",
        "customers": "Customers",
        "geography": "Geography",
        "strategy": "Strategy",
        "risks": "Risks",
        "accounting": "Accounting",
    },
    "fi": {
        "overview": "Mitä yhtiö tekee",
        "products_services": "Tuotteet ja palvelut",
        "customers": "Asiakkaat",
        "geography": "Maantieteellinen jakauma",
        "strategy": "Strategia",
        "risks": "Riskit",
        "accounting": "Laskentaperiaatteet",
    },
    "sv": {
        "overview": "Vad bolaget gör",
        "products_services": "Produkter och tjänster",
        "customers": "Kunder",
        "geography": "Geografi",
        "strategy": "Strategi",
        "risks": "Risker",
        "accounting": "Redovisning",
    },
}
LANGUAGE_NAMES = {
    "en": {"en": "English", "fi": "Finnish", "sv": "Swedish"},
    "fi": {"en": "englanniksi", "fi": "suomeksi", "sv": "ruotsiksi"},
    "sv": {"en": "engelska", "fi": "finska", "sv": "svenska"},
}


def tags_of(kind: str, text: str, language: str | None = None) -> list[str]:
    """The vocabulary's tags of `kind` whose words occur in `text` (English, Swedish or
    Finnish), in English; a text known to be English is not searched for the Swedish and Finnish
    words, whose stems sit inside English ones ("mobil" in "mobility", "sota" in "Minnesota")."""
    low = text.lower()
    local = language != "en"
    return [
        tag
        for tag, words in TAGS[kind].items()
        if any(_word(w).search(low) for w in words)
        or (local and any(w in low for w in LOCAL_WORDS.get(tag, ())))  # sv and fi compounds
    ]


@lru_cache(maxsize=1024)
def _word(word: str) -> re.Pattern[str]:
    """An English vocabulary word anywhere in a word ("processor" in "microprocessors"); a short
    one only whole or plural ("tools", "chips"), so "war" is not in "awareness", "software" or
    "warranty"."""
    if len(word) <= 4:
        return re.compile(rf"\b{re.escape(word)}(s|es)?\b")
    return re.compile(re.escape(word))


def translate_tags(tags: list[str], locale: str) -> list[str]:
    """Tags in the locale asked for (a country code or a place name stays as it is)."""
    names = TAG_NAMES.get(locale, {})
    return [names.get(tag, tag) for tag in tags]


def heading(section: str, locale: str) -> str:
    """A section's heading in the locale asked for."""
    return HEADINGS.get(locale, HEADINGS["en"])[section]


def locale_note(requested: str, language: str) -> str:
    """Why the profile is not in the language asked for, in that language."""
    if requested == "fi":
        return (
            f"Yhtiöstä ei ole suomenkielisiä asiakirjoja; profiilin teksti on "
            f"{LANGUAGE_NAMES['fi'][language]}, otsikot ja tunnisteet suomeksi."
        )
    if requested == "sv":
        return (
            f"Det finns inga dokument på svenska för bolaget; profilens text är på "
            f"{LANGUAGE_NAMES['sv'][language]}, rubriker och taggar på svenska."
        )
    asked, given = LANGUAGE_NAMES["en"][requested], LANGUAGE_NAMES["en"][language]
    return f"No {asked} text is held for this company; the profile is in {given}."
