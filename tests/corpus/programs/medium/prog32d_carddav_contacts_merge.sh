#!/bin/sh
# carddav_contacts_merge.sh - download address books from the home Radicale
# server and merge them into one contacts.vcf for the phone / mutt aliases.
#
# Env: CARDDAV_URL (collection root), CARDDAV_USER, CARDDAV_PASS
# The Radicale box uses a self-signed cert, hence curl --insecure.

set -eu

CARDDAV_URL="${CARDDAV_URL:-https://radicale.home.arpa:5232}"
BOOKS="${BOOKS:-contacts family work}"
WORK=/tmp/carddav_merge
MERGED=/tmp/carddav_merge/contacts.vcf
ALIASES_OUT="./mutt_aliases"
VERBOSE=0

log() {
    [ "$VERBOSE" -eq 1 ] && echo "carddav: $*" >&2
    return 0
}

die() {
    echo "carddav: error: $*" >&2
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        -v) VERBOSE=1 ;;
        -b) shift; BOOKS="$1" ;;
        -o) shift; ALIASES_OUT="$1" ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
    shift
done

[ -n "${CARDDAV_USER:-}" ] || die "CARDDAV_USER not set"
[ -n "${CARDDAV_PASS:-}" ] || die "CARDDAV_PASS not set"
[ -n "$(command -v curl)" ] || die "curl is required"

mkdir -p "$WORK"
: > "$MERGED"

fetch_book() {
    book="$1"
    out="$WORK/$book.vcf"
    log "fetching $book"
    # Radicale serves a whole address book as text/vcard on GET
    if ! curl --insecure --silent --show-error --fail \
            --user "$CARDDAV_USER:$CARDDAV_PASS" \
            --max-time 60 \
            -H 'Accept: text/vcard' \
            -o "$out" "$CARDDAV_URL/$CARDDAV_USER/$book/"; then
        echo "carddav: warning: could not fetch $book" >&2
        return 1
    fi
    count=$(grep -c '^BEGIN:VCARD' "$out" || true)
    log "$book: $count card(s)"
    cat "$out" >> "$MERGED"
}

failed=0
for book in $BOOKS; do
    fetch_book "$book" || failed=$((failed + 1))
done

total=$(grep -c '^BEGIN:VCARD' "$MERGED" || true)
[ "$total" -gt 0 ] || die "no contacts downloaded"

# de-duplicate on UID, keeping the first occurrence
awk '
    /^BEGIN:VCARD/ { card = $0 "\n"; uid = ""; next }
    /^UID:/        { uid = $0 }
    /^END:VCARD/   { card = card $0 "\n"; key = (uid != "" ? uid : card)
                     if (!(key in seen)) { seen[key] = 1; printf "%s", card }
                     card = ""; next }
    { card = card $0 "\n" }
' "$MERGED" > "$WORK/dedup.vcf"
mv "$WORK/dedup.vcf" "$MERGED"

# mutt alias file: alias nick Full Name <mail>
awk -F: '
    /^FN[:;]/    { fn = $NF; gsub(/\r/, "", fn) }
    /^EMAIL[:;]/ { mail = $NF; gsub(/\r/, "", mail)
                   if (fn != "" && mail != "") {
                       nick = tolower(fn); gsub(/[^a-z0-9]+/, ".", nick)
                       printf "alias %s %s <%s>\n", nick, fn, mail }
                 }
    /^END:VCARD/ { fn = "" }
' "$MERGED" | sort -u > "$ALIASES_OUT"

cp "$MERGED" ./contacts.vcf
echo "merged $(grep -c '^BEGIN:VCARD' ./contacts.vcf) unique contact(s); $failed book(s) failed"
echo "aliases written to $ALIASES_OUT"
