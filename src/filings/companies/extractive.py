"""Choosing a section's sentences without a language model: split into sentences, leave out
headings, page furniture and boilerplate, rank by centrality (TF-IDF cosine to the section's
centroid, near-duplicates of a chosen sentence passed over), keep the best few in document order.

Also the tag vocabulary: segments, product families, customer kinds, risk kinds and accounting
topics, each tag given when its words occur in the chosen text.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÅÄÖ“\"(])")
_WORD = re.compile(r"[a-zåäöé]+", re.IGNORECASE)
_BOILERPLATE = re.compile(
    r"forward-looking|safe harbor|undue reliance|incorporated (herein )?by reference|"
    r"see (part|item|note)\b|refer to (part|item|note)\b|this (annual )?report (on form 10-k )?"
    r"contains|table of contents|should be read in conjunction|framtidsinriktad|"
    r"tulevaisuutta koskev|@|telephone:|website:|e-mail:|www\.",
    re.IGNORECASE,
)
MIN_WORDS, MAX_WORDS = 8, 70
DUPLICATE_COSINE = 0.6
STOPWORDS = frozenset(
    "a an and are as at be by for from has have in is it its of on or that the this to was were "
    "which with will its their our we company".split()
)

TAGS: dict[str, dict[str, tuple[str, ...]]] = {
    "products": {
        "smartphones": ("smartphone", "iphone"),
        "personal computers": ("personal computer", "mac"),
        "tablets": ("tablet", "ipad"),
        "wearables": ("wearable", "watch"),
        "services": ("services",),
        "software": ("software",),
        "cloud": ("cloud",),
        "semiconductors": ("semiconductor", "chip", "gpu", "processor"),
        "data center": ("data center",),
        "networking": ("networking", "network"),
        "gaming": ("gaming",),
        "automotive": ("automotive", "vehicle"),
        "energy storage": ("energy storage", "battery", "powerwall", "megapack"),
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
        "renewable fuels": ("renewable",),
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
        "industrial customers": ("industrial", "manufacturing"),
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
        "taxes": ("tax",),
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
        "legal contingencies": ("legal", "contingenc"),
        "warranties": ("warrant",),
        "leases": ("lease",),
        "share-based compensation": ("stock-based", "share-based"),
        "estimates and judgements": ("estimate", "judgement", "judgment"),
    },
}


@dataclass(frozen=True)
class Sentence:
    """A sentence of the filing and the page it is on."""

    text: str
    page_id: str
    page_number: int | None
    position: int  # reading order


def sentences_of(
    text: str, page_id: str, page_number: int | None, start: int = 0
) -> list[Sentence]:
    """The usable sentences of a block of text: not headings, furniture or boilerplate."""
    out = []
    for index, raw in enumerate(_SENTENCE_END.split(" ".join(text.split()))):
        words = raw.split()
        if not MIN_WORDS <= len(words) <= MAX_WORDS or raw[-1] not in ".!?":
            continue
        if _BOILERPLATE.search(raw) or sum(w[0].isdigit() for w in words) > len(words) / 3:
            continue
        out.append(Sentence(raw, page_id, page_number, start + index))
    return out


def _vector(text: str, idf: dict[str, float]) -> dict[str, float]:
    counts = Counter(w for w in (m.lower() for m in _WORD.findall(text)) if w not in STOPWORDS)
    vector = {w: c * idf.get(w, 0.0) for w, c in counts.items()}
    norm = math.sqrt(sum(v * v for v in vector.values())) or 1.0
    return {w: v / norm for w, v in vector.items()}


def _cosine(a: dict[str, float], b: dict[str, float]) -> float:
    return sum(v * b.get(w, 0.0) for w, v in a.items())


def central(candidates: list[Sentence], keep: int) -> list[Sentence]:
    """The `keep` most central sentences, near-duplicates passed over, in document order."""
    if not candidates:
        return []
    documents = [set(m.lower() for m in _WORD.findall(s.text)) for s in candidates]
    frequency = Counter(w for words in documents for w in words)
    idf = {w: math.log((1 + len(documents)) / (1 + n)) + 1 for w, n in frequency.items()}
    vectors = [_vector(s.text, idf) for s in candidates]
    centre = _vector(" ".join(s.text for s in candidates), idf)  # the section's centroid
    ranked = sorted(range(len(candidates)), key=lambda i: -_cosine(vectors[i], centre))
    chosen: list[int] = []
    for i in ranked:
        if all(_cosine(vectors[i], vectors[j]) < DUPLICATE_COSINE for j in chosen):
            chosen.append(i)
        if len(chosen) == keep:
            break
    return [candidates[i] for i in sorted(chosen, key=lambda i: candidates[i].position)]


def tags_of(kind: str, text: str) -> list[str]:
    """The vocabulary's tags of `kind` whose words occur in `text`."""
    low = text.lower()
    return [tag for tag, words in TAGS[kind].items() if any(w in low for w in words)]
