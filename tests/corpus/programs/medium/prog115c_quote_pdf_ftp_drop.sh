#!/bin/sh
# quote_pdf_ftp_drop.sh - turn a job's quote sheet into a PDF and drop it in
# the office "Quotes In" share so Sandra can send it out with the morning post.
#
# usage: quote_pdf_ftp_drop.sh jobs/J24-0211.quote [more.quote ...]
#
# A .quote file is simple key=value lines followed by item lines:
#   customer=Mrs P Hollis
#   address=14 Larch Close, Didcot
#   item=Lounge|Cormar Primo Plains 80oz|21.40|27.99
#   item=Hall/stairs|Cormar Primo Plains 80oz|9.60|27.99
#   fitting=185.00
#
# Needs wkhtmltopdf and curl. FTP details in ~/.config/quotes/nas.conf:
#   NAS_HOST=nas.office.lan  NAS_USER=quotes  NAS_PASS=...  NAS_DIR=/QuotesIn

set -eu

CONF="${QUOTE_NAS_CONF:-$HOME/.config/quotes/nas.conf}"
OUTDIR="${QUOTE_OUTDIR:-./out}"
VAT_RATE=0.20

log() { echo "[$(date '+%H:%M:%S')] $*" >&2; }

if [ ! -r "$CONF" ]; then
    log "no NAS config at $CONF"; exit 2
fi
. "$CONF"
: "${NAS_HOST:?}" "${NAS_USER:?}" "${NAS_PASS:?}"
NAS_DIR="${NAS_DIR:-/QuotesIn}"

for tool in wkhtmltopdf curl awk; do
    command -v "$tool" >/dev/null 2>&1 || { log "need $tool"; exit 2; }
done
mkdir -p "$OUTDIR"

render_html() {
    # $1 quote file -> html on stdout
    awk -F= -v vat="$VAT_RATE" '
    function esc(s) { gsub(/&/,"\\&amp;",s); gsub(/</,"\\&lt;",s); return s }
    $1=="customer" { cust=esc($2) }
    $1=="address"  { addr=esc($2) }
    $1=="fitting"  { fit=$2+0 }
    $1=="item" {
        split($2, f, "|"); n++
        room[n]=esc(f[1]); prod[n]=esc(f[2]); m2[n]=f[3]+0; rate[n]=f[4]+0
    }
    END {
        print "<html><head><meta charset=\"utf-8\"><style>body{font-family:sans-serif}"
        print "td,th{padding:4px 10px;border-bottom:1px solid #ccc}</style></head><body>"
        print "<h2>Underfoot Flooring - Quotation</h2>"
        printf "<p>%s<br>%s</p><table><tr><th>Room</th><th>Product</th><th>m&sup2;</th><th>&pound;/m&sup2;</th><th>Line</th></tr>\n", cust, addr
        for (i=1; i<=n; i++) {
            line=m2[i]*rate[i]; sub_t+=line
            printf "<tr><td>%s</td><td>%s</td><td>%.2f</td><td>%.2f</td><td>%.2f</td></tr>\n", room[i], prod[i], m2[i], rate[i], line
        }
        sub_t+=fit
        printf "<tr><td colspan=4>Fitting, gripper and door bars</td><td>%.2f</td></tr>\n", fit
        printf "<tr><th colspan=4>Subtotal</th><td>%.2f</td></tr>", sub_t
        printf "<tr><th colspan=4>VAT</th><td>%.2f</td></tr>", sub_t*vat
        printf "<tr><th colspan=4>Total</th><td><b>%.2f</b></td></tr></table>", sub_t*(1+vat)
        print "<p>Quote valid 30 days. Furniture moving not included.</p></body></html>"
    }' "$1"
}

upload() {
    # $1 local pdf
    curl --silent --show-error --fail --ftp-create-dirs \
         --user "$NAS_USER:$NAS_PASS" \
         -T "$1" "ftp://$NAS_HOST$NAS_DIR/$(basename "$1")"
}

status=0
for q in "$@"; do
    if [ ! -f "$q" ]; then
        log "skip $q: not found"; status=1; continue
    fi
    job=$(basename "$q" .quote)
    html="$OUTDIR/$job.html"
    pdf="$OUTDIR/$job.pdf"
    render_html "$q" > "$html"
    if ! wkhtmltopdf --quiet --page-size A4 "$html" "$pdf"; then
        log "$job: PDF render failed"; status=1; continue
    fi
    n=0
    until upload "$pdf"; do
        n=$((n + 1))
        [ "$n" -ge 3 ] && { log "$job: upload failed, PDF left in $OUTDIR"; status=1; break; }
        sleep 5
    done
    [ "$n" -lt 3 ] && log "$job: dropped in $NAS_DIR"
    rm -f "$html"
done
exit $status
