"""What a question says to whoever answers it rather than about what it seeks: the answer's
format ("Round your answer to two decimal places", "Answer in USD millions"), the answerer's
role ("as if you are an equity research analyst"), where to look ("Base your judgments on the
information provided primarily in the balance sheet"), a fallback ("If the quick ratio is not
relevant, state that and explain why"). Searched as words, these match passages at random (a
note that happens to say "analyst" or "explain"), so full text leaves them out. The names of
statements in them have already been read (`glossary.statement_words` runs on the question as
asked) and a figure's own words stay: "revenue", "total current assets", "FY2019".
"""

from __future__ import annotations

import re

# A sentence (or a clause before the next one) that only instructs: a fallback that asks to say
# so and explain, or an imperative about the answer's form or the answerer's footing.
_INSTRUCTION_SENTENCES = re.compile(
    r"\bif\b[^.?!]*?\b(?:not|isn't|aren't)\b[^.?!]*?\b(?:state|say|explain|mention)\b[^.?!]*[.?!]?"
    r"|\b(?:round|answer|respond|reply)\b[^.?!]*?\b(?:decimal|places?|units?|percents?|millions?"
    r"|billions?|thousands?)\b[^.?!]*[.?!]?",
    re.IGNORECASE,
)
# Words that speak of the asking and answering, not of the report: nothing in a filing is found
# by them. Kept short and generic; a report's own vocabulary ("information", "statement",
# "provided by operating activities", "compute" as in "data center compute") is not here.
ANSWERING_WORDS = frozenset(
    """
    answer answers answering question questions respond response responses reply explain
    explanation please help assume assuming perspective analyst analysts researcher judgment
    judgments judgement judgements conclusions calculate calculating calculation
    approximation approximate reasonable exact possible round rounded decimal
    relying basing drawing utilize utilizing outlined plainly clearly
    """.split()
)
_WORD = re.compile(r"\w+", re.UNICODE)


def without_instructions(question: str) -> str:
    """The question without its instruction sentences and its words about answering."""
    kept = _INSTRUCTION_SENTENCES.sub(" ", question)
    kept = _WORD.sub(lambda m: "" if m.group().casefold() in ANSWERING_WORDS else m.group(), kept)
    kept = " ".join(kept.split())
    return kept if _WORD.search(kept) else question
