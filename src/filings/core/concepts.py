"""Which XBRL concepts carry each metric key, in order of preference, for us-gaap and ifrs-full.

Companies change concepts over the years (Apple moved from SalesRevenueNet to
RevenueFromContractWithCustomerExcludingAssessedTax), so each metric lists every concept that
means the same thing; for a period, the newest filing wins and, within one filing, the earlier
concept in the list.
"""

from __future__ import annotations

from filings.core.metrics import BALANCE_KEYS, PER_SHARE_KEYS

US_GAAP: dict[str, tuple[str, ...]] = {
    "revenue": (
        "Revenues",
        "RevenueFromContractWithCustomerExcludingAssessedTax",
        "RevenueFromContractWithCustomerIncludingAssessedTax",
        "SalesRevenueNet",
        "SalesRevenueGoodsNet",
        "SalesRevenueServicesNet",
    ),
    "cost_of_revenue": (
        "CostOfRevenue",
        "CostOfGoodsAndServicesSold",
        "CostOfGoodsSold",
        "CostOfServices",
    ),
    "gross_profit": ("GrossProfit",),
    "research_and_development": (
        "ResearchAndDevelopmentExpense",
        "ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost",
    ),
    "selling_general_and_administrative": ("SellingGeneralAndAdministrativeExpense",),
    "depreciation_and_amortization": (
        "DepreciationDepletionAndAmortization",
        "DepreciationAndAmortization",
        "DepreciationAmortizationAndAccretionNet",
    ),
    "operating_income": ("OperatingIncomeLoss",),
    "net_financial_items": ("NonoperatingIncomeExpense",),
    "pretax_income": (
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
    ),
    "income_tax": ("IncomeTaxExpenseBenefit",),
    "net_income": ("ProfitLoss", "NetIncomeLoss"),
    "net_income_to_parent": ("NetIncomeLoss",),
    "eps_basic": ("EarningsPerShareBasic", "EarningsPerShareBasicAndDiluted"),
    "eps_diluted": ("EarningsPerShareDiluted", "EarningsPerShareBasicAndDiluted"),
    "dividend_per_share": (
        "CommonStockDividendsPerShareDeclared",
        "CommonStockDividendsPerShareCashPaid",
    ),
    "cash_and_equivalents": ("CashAndCashEquivalentsAtCarryingValue", "Cash"),
    "current_assets": ("AssetsCurrent",),
    "property_plant_equipment": ("PropertyPlantAndEquipmentNet",),
    "goodwill": ("Goodwill",),
    "intangible_assets": ("IntangibleAssetsNetExcludingGoodwill", "FiniteLivedIntangibleAssetsNet"),
    "total_assets": ("Assets",),
    "current_liabilities": ("LiabilitiesCurrent",),
    "total_liabilities": ("Liabilities",),
    "equity": (
        "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
        "StockholdersEquity",
    ),
    "equity_to_parent": ("StockholdersEquity",),
    "operating_cash_flow": (
        "NetCashProvidedByUsedInOperatingActivities",
        "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
    ),
    "capital_expenditure": (
        "PaymentsToAcquirePropertyPlantAndEquipment",
        "PaymentsToAcquireProductiveAssets",
    ),
    "investing_cash_flow": (
        "NetCashProvidedByUsedInInvestingActivities",
        "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations",
    ),
    "financing_cash_flow": (
        "NetCashProvidedByUsedInFinancingActivities",
        "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations",
    ),
    "dividends_paid": ("PaymentsOfDividends", "PaymentsOfDividendsCommonStock"),
    "share_repurchases": ("PaymentsForRepurchaseOfCommonStock",),
}

IFRS: dict[str, tuple[str, ...]] = {
    "revenue": ("Revenue", "RevenueFromContractsWithCustomers"),
    "cost_of_revenue": ("CostOfSales",),
    "gross_profit": ("GrossProfit",),
    "research_and_development": ("ResearchAndDevelopmentExpense",),
    "selling_general_and_administrative": ("SellingGeneralAndAdministrativeExpense",),
    "depreciation_and_amortization": (
        "DepreciationAndAmortisationExpense",
        "DepreciationAmortisationAndImpairmentLossReversalOfImpairmentLossRecognisedInProfitOrLoss",
    ),
    "operating_income": ("ProfitLossFromOperatingActivities",),
    "net_financial_items": ("FinanceIncomeCost",),
    "pretax_income": ("ProfitLossBeforeTax",),
    "income_tax": ("IncomeTaxExpenseContinuingOperations",),
    "net_income": ("ProfitLoss",),
    "net_income_to_parent": ("ProfitLossAttributableToOwnersOfParent",),
    "eps_basic": ("BasicEarningsLossPerShare", "BasicAndDilutedEarningsLossPerShare"),
    "eps_diluted": ("DilutedEarningsLossPerShare", "BasicAndDilutedEarningsLossPerShare"),
    "cash_and_equivalents": ("CashAndCashEquivalents",),
    "current_assets": ("CurrentAssets",),
    "property_plant_equipment": ("PropertyPlantAndEquipment",),
    "goodwill": ("Goodwill",),
    "intangible_assets": ("IntangibleAssetsOtherThanGoodwill",),
    "total_assets": ("Assets",),
    "current_liabilities": ("CurrentLiabilities",),
    "total_liabilities": ("Liabilities",),
    "equity": ("Equity",),
    "equity_to_parent": ("EquityAttributableToOwnersOfParent",),
    "operating_cash_flow": ("CashFlowsFromUsedInOperatingActivities",),
    "capital_expenditure": ("PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities",),
    "investing_cash_flow": ("CashFlowsFromUsedInInvestingActivities",),
    "financing_cash_flow": ("CashFlowsFromUsedInFinancingActivities",),
    "dividends_paid": ("DividendsPaidClassifiedAsFinancingActivities",),
    "share_repurchases": ("PaymentsToAcquireOrRedeemEntitysShares",),
}

TAXONOMIES: dict[str, dict[str, tuple[str, ...]]] = {"us-gaap": US_GAAP, "ifrs-full": IFRS}

# `total_debt` is composed, not one concept: the borrowings a balance sheet states on several
# lines, current and non-current (ingest/standardize/debt.py). Each line lists its concepts in
# order of preference. Lease liabilities are not debt here, unless an issuer states its debt only
# together with capital leases (US filings before 2019: `LongTermDebtAndCapitalLeaseObligations`).
DebtLine = tuple[str, tuple[str, ...]]
US_GAAP_DEBT: tuple[DebtLine, ...] = (
    (
        "long-term debt, non-current",
        (
            "LongTermDebtNoncurrent",
            "LongTermDebtAndCapitalLeaseObligations",
            "LongTermNotesPayable",
        ),
    ),
    (
        "current debt",
        ("LongTermDebtCurrent", "LongTermDebtAndCapitalLeaseObligationsCurrent", "DebtCurrent"),
    ),
    (
        "convertible debt, non-current",
        ("ConvertibleDebtNoncurrent", "ConvertibleLongTermNotesPayable"),
    ),
    ("convertible debt, current", ("ConvertibleDebtCurrent", "ConvertibleNotesPayableCurrent")),
    ("commercial paper", ("CommercialPaper",)),
    ("short-term borrowings", ("ShortTermBorrowings", "OtherShortTermBorrowings")),
    # stand-ins for the non-current line when an issuer states no split
    ("long-term debt", ("LongTermDebt",)),
    ("debt", ("DebtLongtermAndShorttermCombinedAmount",)),
)
IFRS_DEBT: tuple[DebtLine, ...] = (
    ("bonds, non-current", ("NoncurrentPortionOfNoncurrentBondsIssued",)),
    (
        "borrowings, non-current",
        ("LongtermBorrowings", "NoncurrentPortionOfNoncurrentLoansReceived"),
    ),
    (
        "current debt",
        (
            "CurrentPortionOfLongtermBorrowings",
            "CurrentBondsIssuedAndCurrentPortionOfNoncurrentBondsIssued",
        ),
    ),
    ("short-term borrowings", ("ShorttermBorrowings",)),
    ("debt", ("Borrowings",)),
)
DEBT_LINES: dict[str, tuple[DebtLine, ...]] = {"us-gaap": US_GAAP_DEBT, "ifrs-full": IFRS_DEBT}


# Depreciation and amortization stated in parts where a filer states no total under a concept
# above (ingest/standardize/depreciation.py). IFRS's two expense lines are the entity's totals
# and add up to its D&A (TSMC). US GAAP's `Depreciation` and `AmortizationOfIntangibleAssets`
# are often a note's figures (Tesla's `Depreciation` of property, 1,910M of a statement line of
# 2,911M in 2021), so they count only where the company's own documents place them on the
# cash-flow statement (Alphabet's "Depreciation of property and equipment").
D_AND_A_PARTS: dict[str, tuple[str, ...]] = {
    "us-gaap": ("Depreciation", "AmortizationOfIntangibleAssets"),
    "ifrs-full": ("DepreciationExpense", "AmortisationExpense"),
}
# The taxonomies whose parts add up without the statement's word for it.
D_AND_A_PARTS_ARE_TOTALS = frozenset({"ifrs-full"})


def mapped_concepts() -> dict[str, set[str]]:
    """Per taxonomy, every concept some metric is read from."""
    return {
        taxonomy: {c for cs in metrics.values() for c in cs}
        | {c for _, cs in DEBT_LINES[taxonomy] for c in cs}
        | set(D_AND_A_PARTS.get(taxonomy, ()))
        for taxonomy, metrics in TAXONOMIES.items()
    }


# Flow metrics (income and cash flow) add up over time; their missing quarters can be derived
# from year-to-date values. Per-share values and balances cannot.
INSTANT_METRICS = BALANCE_KEYS
PER_SHARE_METRICS = PER_SHARE_KEYS

# The forms whose facts give figures: the SEC's periodic reports, and an annual financial
# report in the European Single Electronic Format (`ESEF`, ingest/esef).
PERIODIC_FORMS = frozenset(
    {
        "10-K",
        "10-K/A",
        "10-Q",
        "10-Q/A",
        "20-F",
        "20-F/A",
        "40-F",
        "40-F/A",
        "10-KT",
        "10-KT/A",
        "ESEF",
    }
)


# The XBRL axis of revenue by place (inline XBRL's name; the data sets write `Geographical`).
GEOGRAPHIC_AXIS = "srt:StatementGeographicalAxis"


def revenue_concepts() -> list[str]:
    """Every concept of the `revenue` metric, as `prefix:Name`."""
    return [
        f"{taxonomy}:{c}" for taxonomy, metrics in TAXONOMIES.items() for c in metrics["revenue"]
    ]
