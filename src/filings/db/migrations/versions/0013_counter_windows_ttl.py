"""The access counters forget a window only once its TTL has passed, as Redis does: the first
count of a new window deleted the scope's windows that opened more than a second before it, so
last month's quota and MCP use read 0 from the first request of a month on (the admission
contract, access/store.py; tests/access/test_store_parity.py). `filings_counter_take` takes the
request's time for that, and `filings_admit` passes it.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

# Add one to a counter below its limit; NULL when it is full (or the limit is 0). A window's
# first count forgets the scope's windows whose TTL has passed at p_now (`_increment_below`).
_COUNTER_TAKE = """
CREATE OR REPLACE FUNCTION filings_counter_take(
    p_scope text, p_bucket text, p_limit bigint, p_now timestamptz, p_expires timestamptz
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    taken bigint;
BEGIN
    IF p_limit <= 0 THEN
        RETURN NULL;
    END IF;
    INSERT INTO usage_counters AS c (scope, bucket, count, expires_at)
    VALUES (p_scope, p_bucket, 1, p_expires)
    ON CONFLICT (scope, bucket) DO UPDATE SET count = c.count + 1 WHERE c.count < p_limit
    RETURNING c.count INTO taken;
    IF taken = 1 THEN
        DELETE FROM usage_counters AS c
        WHERE c.scope = p_scope AND c.bucket <> p_bucket AND c.expires_at <= p_now;
    END IF;
    RETURN taken;
END
$$
"""

# As in 0010, the counters now taken with the request's time.
_ADMIT = """
CREATE OR REPLACE FUNCTION filings_admit(
    p_hash text, p_now timestamptz, p_plans jsonb, p_touch_before timestamptz,
    p_second text, p_second_expires timestamptz,
    p_minute text, p_minute_expires timestamptz,
    p_month text, p_month_expires timestamptz
) RETURNS TABLE (
    id integer, key_hash text, revoked_at timestamptz, expires_at timestamptz,
    last_used_at timestamptz, account_id integer, account_name text, account_plan text,
    account_plan_until timestamptz, account_monthly_quota bigint,
    account_rate_per_second integer, account_rate_per_minute integer,
    account_created_at timestamptz,
    allowed boolean, retry_after integer, minute_used bigint, quota_allowed boolean,
    quota_used bigint
) LANGUAGE plpgsql AS $$
DECLARE
    plan jsonb;
    per_second bigint;
    per_minute bigint;
    quota bigint;
    second_scope text;
    minute_scope text;
    quota_scope text;
    taken bigint;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    SELECT k.id, k.key_hash, k.revoked_at, k.expires_at, k.last_used_at, a.id, a.name, a.plan,
           a.plan_until, a.monthly_quota, a.rate_per_second, a.rate_per_minute, a.created_at
    INTO id, key_hash, revoked_at, expires_at, last_used_at, account_id, account_name,
         account_plan, account_plan_until, account_monthly_quota, account_rate_per_second,
         account_rate_per_minute, account_created_at
    FROM api_keys AS k JOIN accounts AS a ON a.id = k.account_pk
    WHERE k.key_hash = p_hash;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    plan := p_plans -> account_plan;
    IF revoked_at IS NOT NULL OR (expires_at IS NOT NULL AND expires_at <= p_now)
       OR plan IS NULL OR NOT (plan ->> 0)::boolean
       OR (account_plan_until IS NOT NULL AND p_now >= account_plan_until) THEN
        RETURN NEXT;
        RETURN;
    END IF;
    IF last_used_at IS NULL OR last_used_at < p_touch_before THEN
        UPDATE api_keys AS k SET last_used_at = p_now WHERE k.id = filings_admit.id;
    END IF;
    quota := coalesce(account_monthly_quota, (plan ->> 1)::bigint);
    per_second := coalesce(account_rate_per_second, (plan ->> 2)::bigint);
    per_minute := coalesce(account_rate_per_minute, (plan ->> 3)::bigint);
    second_scope := 'rate:' || id || ':s';
    minute_scope := 'rate:' || id || ':m';
    quota_scope := 'quota:' || account_id;
    quota_allowed := true;
    IF filings_counter_take(second_scope, p_second, per_second, p_now, p_second_expires)
       IS NULL THEN
        allowed := false;
        retry_after := 1;
        minute_used := filings_counter_read(minute_scope, p_minute);
        quota_used := filings_counter_read(quota_scope, p_month);
        RETURN NEXT;
        RETURN;
    END IF;
    taken := filings_counter_take(minute_scope, p_minute, per_minute, p_now, p_minute_expires);
    IF taken IS NULL THEN
        UPDATE usage_counters AS c SET count = c.count - 1
        WHERE c.scope = second_scope AND c.bucket = p_second AND c.count > 0;
        allowed := false;
        retry_after := 60;
        minute_used := per_minute;
        quota_used := filings_counter_read(quota_scope, p_month);
        RETURN NEXT;
        RETURN;
    END IF;
    allowed := true;
    retry_after := 0;
    minute_used := taken;
    taken := filings_counter_take(quota_scope, p_month, quota, p_now, p_month_expires);
    IF taken IS NULL THEN
        quota_allowed := false;
        quota_used := filings_counter_read(quota_scope, p_month);
    ELSE
        quota_used := taken;
    END IF;
    RETURN NEXT;
END
$$
"""


def _revision_0010() -> ModuleType:
    path = Path(__file__).with_name("0010_admit_function.py")
    spec = importlib.util.spec_from_file_location("filings_migration_0010", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"migration 0010 not found at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite runs the same steps from Python (access/store_sql.py)
    for statement in (_COUNTER_TAKE, _ADMIT):
        op.get_bind().exec_driver_sql(statement)  # as written: ':s' is text, not a parameter
    op.execute("DROP FUNCTION filings_counter_take(text, text, bigint, timestamptz)")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _revision_0010().upgrade()  # 0010's functions again, its filings_admit among them
    op.execute("DROP FUNCTION filings_counter_take(text, text, bigint, timestamptz, timestamptz)")
