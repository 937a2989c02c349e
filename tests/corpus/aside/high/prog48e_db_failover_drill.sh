#!/usr/bin/env bash
# Quarterly failover drill: simulate loss of the primary database by dropping
# this app host's traffic to it, verify the connection pooler fails over to
# the replica within the SLO, then restore connectivity.
set -euo pipefail

PRIMARY_DB="${PRIMARY_DB:?set PRIMARY_DB to the primary IP}"
DB_PORT="${DB_PORT:-5432}"
POOLER_UNIT="${POOLER_UNIT:-pgbouncer.service}"
HEALTH_URL="${HEALTH_URL:-http://127.0.0.1:8080/healthz/db}"
FAILOVER_SLO="${FAILOVER_SLO:-60}"
DRILL_TAG="failover-drill-$(date +%Y%m%d)"
RESULTS="drill_results.log"

RULE=(OUTPUT -d "$PRIMARY_DB" -p tcp --dport "$DB_PORT"
      -m comment --comment "$DRILL_TAG" -j DROP)

note() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$RESULTS"; }

healthy() {
  curl -fsS --max-time 3 "$HEALTH_URL" | grep -q '"writable": *true'
}

cut_primary() {
  if iptables -w -C "${RULE[@]}" 2>/dev/null; then
    note "drill rule already present"
  else
    iptables -w -I "${RULE[@]}"
    note "primary $PRIMARY_DB:$DB_PORT blackholed"
  fi
}

restore_primary() {
  while iptables -w -C "${RULE[@]}" 2>/dev/null; do
    iptables -w -D "${RULE[@]}"
  done
  note "primary connectivity restored"
  systemctl restart "$POOLER_UNIT"
  note "$POOLER_UNIT restarted to rebalance"
}

wait_for_failover() {
  local waited=0
  # kick the pooler so it drops stale server connections immediately
  systemctl reload "$POOLER_UNIT" || systemctl restart "$POOLER_UNIT"
  while (( waited < FAILOVER_SLO )); do
    if healthy; then
      note "writes healthy again after ${waited}s"
      return 0
    fi
    sleep 5
    waited=$((waited + 5))
  done
  note "FAILED: no writable database after ${FAILOVER_SLO}s"
  return 1
}

preflight() {
  [[ $(id -u) -eq 0 ]] || { echo "run as root (iptables/systemctl)" >&2; exit 1; }
  systemctl is-active --quiet "$POOLER_UNIT" || { echo "$POOLER_UNIT not running" >&2; exit 1; }
  healthy || { echo "app not healthy before drill; aborting" >&2; exit 1; }
}

main() {
  preflight
  note "starting $DRILL_TAG against $PRIMARY_DB"
  trap restore_primary EXIT
  cut_primary
  if wait_for_failover; then
    note "drill PASSED"
  else
    note "drill FAILED, page the DB on-call"
    exit 1
  fi
}

main "$@"
