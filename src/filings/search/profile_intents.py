"""Questions a company profile answers, and the pages its sections were read from.

"What industry does Amcor operate in?", "Who are Boeing's primary customers?", "Vilka produkter
säljer Lifco?": the answer is the issuer's own description of its business, its customers or
its products (a 10-K's Item 1, a report's "in brief" or segment part), and it shares few words
with the question ("packaging", "airlines", "U.S. government"). Ingestion has already read each
filing's profile sections by their rules (`companies/profile_rules.py`), every sentence cited
to its page; a question that asks what one of these sections answers brings a ranking of the
passages on those pages (`search/service.py`), beside full text's, as a question that names a
statement brings that statement's pages. Only the sections whose questions miss their answers'
words are asked for here: what the company does, its customers, its products and segments.
"""

from __future__ import annotations

import re

# What each section answers, as a question asks it in English, Swedish and Finnish.
ASKS: dict[str, re.Pattern[str]] = {
    "overview": re.compile(
        r"\bwhat (industry|industries|sector|sectors|business|businesses|kind of (company|"
        r"business))\b|\b(describe|description of) [^?]{0,40}\bbusiness\b|\b(primary|main|"
        r"core|principal) (business|industry|activit\w+|line of business)\b|\bbusiness model\b|"
        # "What does Boeing do?", not "What does Apple do with the cash ...?"
        r"\bwhat does \S+( \S+){0,3} do\s*\??\s*$|\bvad (gör|sysslar) \S+( \S+)?( med)?\s*\??\s*$|"
        r"\bmitä \S+( \S+)? tekee\s*\??\s*$|"
        r"\bvilken bransch\b|\bverksamhet bedriver\b|\bmillä toimialalla\b|"
        r"\bliiketoimin\w* kuvaus\b",
        re.IGNORECASE,
    ),
    "customers": re.compile(
        r"\b(primary|main|largest|key|major|biggest|principal|top) customers?\b|\bwho (are|is) "
        r"[^?]{0,60}\bcustomers?\b|\bwho (buys|purchases)\b|\bcustomer (concentration|base)\b|"
        r"\bsells? (its products )?to whom\b|\bvilka (är|hör till) [^?]{0,40}\bkunder\b|"
        r"\b(största|viktigaste) kunder\w*\b|\bketkä [^?]{0,40}\basiakka\w*\b|"
        r"\b(suurimmat|tärkeimmät|pääasialliset) asiakk\w*\b",
        re.IGNORECASE,
    ),
    "products_services": re.compile(
        r"\b(product|service) (categories|lines|offerings|portfolio|segments)\b|\bwhat "
        r"(products|services|brands)\b|\b(main|primary|key|principal|core) (products|services|"
        r"brands|offerings)\b|\b(which|what) (business )?segments\b|\bvilka (produkter|tjänster|"
        r"affärsområden)\b|\b(tärkeimmät|pääasialliset) tuott\w*\b|\bmitä (tuotteita|palveluita)\b|"
        r"\bmitkä (tuotteet|segmentit|liiketoiminta-alueet)\b",
        re.IGNORECASE,
    ),
}


def asked_sections(question: str) -> frozenset[str]:
    """The profile sections a question asks about (none for most questions)."""
    return frozenset(name for name, pattern in ASKS.items() if pattern.search(question))
