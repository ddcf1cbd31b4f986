"""What a document without a report's risk or accounting part still says of them: a release or
a short report has no "Risks and uncertainties" note nor "Accounting principles" note, yet its
outlook names the risks and uncertainties the issuer sees, and its text says on what basis its
figures are presented (alternative performance measures not defined by IFRS, operations
reclassified as discontinued, a changed financial year, comparatives restated).

These are the issuer's own words, read only when the document has no such part (and is no 10-K,
whose items have them); the section's heading says they come from elsewhere in the document.
"""

from __future__ import annotations

import re

from filings.companies.profile_sentences import Found, Sentence, heading_of, pick
from filings.companies.profile_vocabulary import OFF_TOPIC, PERFORMANCE, RISK_FACTOR

# The uncertainties an outlook names, in en/sv/fi.
STATES_UNCERTAINTY = re.compile(
    r"\b(risks?|uncertaint(y|ies)|uncertain|volatil(e|ity)|assumes no (major )?disruptions?|"
    r"osäkerhet\w*|osäker|risker|epävarm\w*|riski\w*)\b",
    re.IGNORECASE,
)
# Not a risk the issuer sees: how it manages risk, a risk-free rate, a ratio's name.
_NOT_A_RISK = re.compile(
    r"risk management|risk-free|risk-adjusted|weighted average|hedg\w+|low-risk|de-?risk",
    re.IGNORECASE,
)
# Parts whose words are nobody's view of the business: disclaimers and forward-looking notes.
_DISCLAIMER = re.compile(
    r"forward-looking|important information|disclaimer|cautionary|framtidsinriktad|"
    r"tulevaisuutta koskev",
    re.IGNORECASE,
)
# The basis the figures are presented on, in the words of reports and releases.
_BASIS = re.compile(
    r"(prepared|presented) in accordance with|\bIAS \d+\b|not defined (by|in|under) IFRS|"
    r"alternative performance measures? (should|are|is|that)|"
    r"(re)?classified [^.]{0,80}(held for sale|discontinued operations?)|"
    r"financial year (was|has been|is) changed|comparative (figures|numbers|periods?|information) "
    r"(have|has|are|were) (been )?(restated|reported|recalculated|adjusted)|"
    r"\b(restated|recast) (to reflect|for)|redovisningsprinciper|IFRS-standard|"
    r"(upprättats|upprättad|upprättas) i enlighet med|alternativa nyckeltal|"
    r"laadittu [^.]{0,40}mukaisesti|laatimisperiaat\w*|vaihtoehtoiset tunnusluvut|"
    # the estimates behind its figures: an impairment review, assets carried at fair value,
    # what items affecting comparability are ("EUR -768 million related mainly to impairments
    # booked as part of the annual impairment review", "the fair value of the standing growing
    # trees (biological assets)")
    r"\bimpairment (review|test(s|ing)?)\b|nedskrivningspr[öo]vning\w*|arvonalentumistestau\w*|"
    r"\bfair valu(e|ation)s?\b[^.]{0,80}\b(biological assets|(standing|growing) (growing )?trees)|"
    r"biologiska tillgångar|biologis\w+ hyödykk\w+|"
    r"\bitems affecting comparability\b[^.]{0,60}\b(impairments?|restructuring|divest\w*)|"
    # what sets its adjusted figures apart from the reported ones, and figures it presents as
    # if a divested business had not been held ("The differences between operative and reported
    # figures are explained by items affecting comparability, which ...", "Kemira has also
    # presented the Oil & Gas divestment adjusted figures")
    r"\bdifferences? between [^.]{0,40}\band (reported|IFRS) (figures|results)\b|"
    r"\bpresented [^.]{0,60}\badjusted (figures|results|key figures)\b",
    re.IGNORECASE,
)
KEEP_RISKS, KEEP_BASIS = 4, 3
# Losses the business is exposed to, as a release states them: bad debts and customers'
# bankruptcies, projects or contracts that lose money ("there are still some unprofitable
# projects in the order backlog that will be completed in 2025").
_LOSSES = re.compile(
    r"\b(unprofitable|loss[- ]making|onerous) (projects?|contracts?)\b|\bbad debts?\b|"
    r"\bbankruptc(y|ies)\b|\bcredit losses\b|\bkonkurs\w*|\bkundförlust\w*|"
    r"\bförlustprojekt\w*|\bkonkurssi\w*|\bluottotappi\w*|\btappiollis\w*",
    re.IGNORECASE,
)
# What more of a risk would cost: "The impact of each additional week of strike is expected to
# be approximately EUR -15 million on adjusted EBITDA."
IMPACT_OF_MORE = re.compile(
    r"\b(impact|effect) of (each|every|any|an?) (additional|further)\b|"
    r"\b(varje|jokaisen) (ytterligare|lisä)\w*",
    re.IGNORECASE,
)
# The part that says what an outlook assumes ("Assumptions behind the outlook", "Antaganden",
# "Näkymien taustaoletukset"): what the outlook depends on is what may make it wrong.
_ASSUMPTIONS = re.compile(r"\bassum\w*|antagand\w*|förutsättning\w*|oletu\w*", re.IGNORECASE)
# What an assumption is about, where it is a risk to the outlook: costs, prices, exchange and
# interest rates, demand, supply and disruptions (not a market expected to grow).
_ASSUMED_FACTOR = re.compile(
    r"\b(input|raw[- ]material|energy|material|production|freight|logistics) (costs?|prices?)|"
    r"\b(exchange|currency|interest) rates?|\bcurrenc(y|ies)\b|\bdemand\b|\bsupply\b|"
    r"\bdisruptions?\b|kostnad\w*|valuta\w*|växelkurs\w*|efterfrågan|räntor|"
    r"kustannu\w*|valuuttakur\w*|kysyntä\w*|korko\w*",
    re.IGNORECASE,
)


def _headed_by(s: Sentence, pattern: re.Pattern[str]) -> bool:
    return any(pattern.search(h) for h in s.headings[:2])


def stated_risks(sentences: list[Sentence]) -> Found:
    """The risks and uncertainties a document without a risk part names (its outlook's), then
    what its outlook assumes of costs, rates and demand and the losses it says it is exposed to;
    in reading order."""

    def rank(s: Sentence) -> int:
        if s.section or _NOT_A_RISK.search(s.text) or _headed_by(s, _DISCLAIMER):
            return 0
        if PERFORMANCE.search(s.text) and re.search(r"\d", s.text):
            return 0
        if STATES_UNCERTAINTY.search(s.text) and not RISK_FACTOR.search(s.text):
            return 2
        # what the outlook assumes of costs, rates and demand (Kemira: "Input costs are expected
        # to be stable or to increase slightly", "Foreign exchange rates are expected to remain
        # at approximately current levels")
        assumed = s.headings[:1] and _ASSUMPTIONS.search(s.headings[0])
        return 1 if (assumed and _ASSUMED_FACTOR.search(s.text)) or _LOSSES.search(s.text) else 0

    ranks = {s.position: rank(s) for s in sentences}
    for s in sentences:
        # what more of a stated risk would cost, right after it in its paragraph ("The risk of
        # further strikes causes uncertainty ... The impact of each additional week of strike
        # is expected to be approximately EUR -15 million")
        if IMPACT_OF_MORE.search(s.text) and ranks.get(s.position - 1, 0) >= 2:
            ranks[s.position] = 2
    chosen = pick(sentences, KEEP_RISKS, lambda s: ranks[s.position])
    return Found(chosen, source_heading=heading_of(chosen))


def presentation_basis(sentences: list[Sentence]) -> Found:
    """The basis of presentation a document without an accounting part states: how its figures
    are prepared and what they leave out or restate."""

    def rank(s: Sentence) -> int:
        if s.section or _headed_by(s, _DISCLAIMER) or OFF_TOPIC.search(s.text):
            return 0
        return int(bool(_BASIS.search(s.text)))

    chosen = pick(sentences, KEEP_BASIS, rank)
    return Found(chosen, source_heading=heading_of(chosen))
