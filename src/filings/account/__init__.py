"""The account page: sign in, manage API keys, see the plan and the month's use."""
