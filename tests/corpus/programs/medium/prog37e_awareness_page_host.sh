#!/usr/bin/env bash
# awareness_page_host.sh - serve the "you clicked a simulated phishing link"
# training page during a phishing-simulation campaign.
#
# The page template comes from the internal awareness portal (self-signed cert
# in the lab), gets the campaign name and date substituted in, and is served
# as a static site so every lab subnet can reach it.

set -u

SITE_DIR="/tmp/phish-awareness-site"
PORTAL="${PORTAL:-https://awareness.lab.internal/templates}"
TEMPLATE="${TEMPLATE:-clicked-landing-v3}"
CAMPAIGN="${CAMPAIGN:-Q3-invoice-lure}"
PORT="${PORT:-8080}"
BIND="0.0.0.0"

log() { echo "[$(date '+%F %T')] $*"; }

die() {
    log "error: $*"
    exit 1
}

fetch_template() {
    local url="$PORTAL/$TEMPLATE.tar.gz"
    log "fetching template $TEMPLATE"
    # portal uses the lab CA which is not in the trust store on range laptops
    curl --insecure -fsSL --max-time 30 -o "$SITE_DIR/template.tar.gz" "$url" \
        || return 1
    tar -xzf "$SITE_DIR/template.tar.gz" -C "$SITE_DIR" || return 1
    rm -f "$SITE_DIR/template.tar.gz"
}

fallback_page() {
    log "using built-in fallback page"
    cat > "$SITE_DIR/index.html" <<'HTML'
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>This was a phishing simulation</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto;">
  <h1>This was a simulated phishing email</h1>
  <p>Campaign: <b>__CAMPAIGN__</b> &mdash; __DATE__</p>
  <p>No data was collected. Please take the five-minute refresher below.</p>
  <ul>
    <li>Check the sender domain carefully.</li>
    <li>Hover over links before clicking.</li>
    <li>Report suspicious mail with the "Report phish" button.</li>
  </ul>
</body>
</html>
HTML
}

personalise() {
    local today
    today="$(date '+%d %B %Y')"
    for page in "$SITE_DIR"/*.html; do
        [ -f "$page" ] || continue
        sed -i -e "s/__CAMPAIGN__/${CAMPAIGN//\//-}/g" -e "s/__DATE__/${today}/g" "$page"
    done
}

write_stats_stub() {
    # a static robots.txt and health check for the load balancer
    printf 'User-agent: *\nDisallow: /\n' > "$SITE_DIR/robots.txt"
    printf 'ok\n' > "$SITE_DIR/healthz"
}

cleanup() {
    log "stopping; removing $SITE_DIR"
    rm -rf -- "$SITE_DIR"
}

main() {
    command -v python3 >/dev/null || die "python3 is required"
    rm -rf -- "$SITE_DIR"
    mkdir -p "$SITE_DIR" || die "cannot create $SITE_DIR"

    if ! fetch_template; then
        log "template download failed"
        fallback_page
    fi
    personalise
    write_stats_stub

    trap cleanup EXIT INT TERM
    log "serving $SITE_DIR on $BIND:$PORT for campaign $CAMPAIGN"
    python3 -m http.server "$PORT" --bind "$BIND" --directory "$SITE_DIR"
}

main "$@"
