#!/bin/sh
# kiosk_catalogue_server.sh - build a browsable HTML catalogue from the
# comic stock export and serve it to the customer kiosk tablets on the shop
# floor.  The kiosk PC runs a default-deny firewall, so the catalogue port is
# opened for the shop subnet while the server runs and closed afterwards.
#
# usage: kiosk_catalogue_server.sh [stock.csv] [port]
#   CATALOGUE_DIR  where to build the pages (default ./catalogue_site)
#   KIOSK_SUBNET   clients allowed in (default 192.168.10.0/24)
set -eu

STOCK="${1:-stock_export.csv}"
PORT="${2:-8080}"
SITE="${CATALOGUE_DIR:-./catalogue_site}"
TITLE="${CATALOGUE_TITLE:-Back Issue Catalogue}"
SUBNET="${KIOSK_SUBNET:-192.168.10.0/24}"
RULE="INPUT -p tcp -s $SUBNET --dport $PORT -m comment --comment kiosk-catalogue -j ACCEPT"

say() { echo "[catalogue] $*"; }

if [ ! -r "$STOCK" ]; then
    say "cannot read $STOCK" >&2
    exit 1
fi

build_pages() {
    rm -rf "$SITE"
    mkdir -p "$SITE/publisher"
    # stock_export.csv: sku,publisher,series,issue,grade,price,box
    awk -F',' -v site="$SITE" -v title="$TITLE" '
        function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
        NR == 1 { next }
        {
            pub = $2; gsub(/[^A-Za-z0-9]/, "_", pub)
            f = site "/publisher/" pub ".html"
            if (!(f in seen)) {
                seen[f] = 1; names[pub] = $2
                print "<html><head><meta charset=utf-8><title>" esc($2) "</title>" > f
                print "<link rel=stylesheet href=../style.css></head><body>" > f
                print "<h1>" esc($2) "</h1><table><tr><th>Series</th><th>#</th><th>Grade</th><th>Price</th><th>Box</th></tr>" > f
            }
            printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>&pound;%s</td><td>%s</td></tr>\n", esc($3), esc($4), esc($5), esc($6), esc($7) > f
            count[pub]++
        }
        END {
            idx = site "/index.html"
            print "<html><head><meta charset=utf-8><title>" esc(title) "</title><link rel=stylesheet href=style.css></head><body>" > idx
            print "<h1>" esc(title) "</h1><ul>" > idx
            for (p in names) {
                print "</table></body></html>" > (site "/publisher/" p ".html")
                printf "<li><a href=\"publisher/%s.html\">%s</a> (%d)</li>\n", p, esc(names[p]), count[p] > idx
            }
            print "</ul></body></html>" > idx
        }' "$STOCK"
    cat > "$SITE/style.css" <<'CSS'
body { font-family: sans-serif; margin: 1.5em; }
table { border-collapse: collapse; width: 100%; }
td, th { border-bottom: 1px solid #ddd; padding: 4px 8px; text-align: left; }
tr:nth-child(even) { background: #f6f6f6; }
CSS
    say "built $(ls "$SITE/publisher" | wc -l) publisher pages in $SITE"
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

open_port() {
    # shellcheck disable=SC2086
    if sudo iptables -C $RULE 2>/dev/null; then
        say "firewall already allows $SUBNET to port $PORT"
        return 0
    fi
    # shellcheck disable=SC2086
    sudo iptables -I $RULE && say "opened port $PORT for $SUBNET"
}

close_port() {
    # shellcheck disable=SC2086
    sudo iptables -D $RULE 2>/dev/null && say "closed port $PORT" || true
}

build_pages

if ! command -v python3 >/dev/null 2>&1; then
    say "python3 not found, pages are in $SITE" >&2
    exit 0
fi

open_port || { say "could not open firewall port $PORT" >&2; exit 1; }
trap close_port EXIT INT TERM

say "serving on http://$(lan_address):$PORT/  (Ctrl+C to stop)"
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE"
