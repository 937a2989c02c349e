#!/usr/bin/env bash
# Build a couple's proof gallery and check it through its preview hostname
# on the studio NAS, so the photographer can look at
# http://<couple>.gallery.studio/ before the link goes to the couple.
#
# Usage: gallery_preview_check.sh COUPLE_SLUG PHOTO_DIR [NAS_IP]
#   e.g. gallery_preview_check.sh amy-and-josh ./exports/amy-josh 192.168.10.20

set -euo pipefail

SLUG="${1:?couple slug required}"
PHOTOS="${2:?photo directory required}"
NAS_IP="${3:-${STUDIO_NAS_IP:-192.168.10.20}}"
HOSTNAME_FQDN="$SLUG.gallery.studio"
SITE_DIR="$(pwd)/site/$SLUG"
SNIPPET="$(pwd)/site/hosts.snippet"

log() { printf '%s  %s\n' "$(date +%T)" "$*"; }

[[ "$SLUG" =~ ^[a-z0-9-]+$ ]] || { log "slug must be lower-case letters, digits, dashes"; exit 2; }
[[ -d "$PHOTOS" ]] || { log "no such directory: $PHOTOS"; exit 2; }
[[ "$NAS_IP" =~ ^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$ ]] || { log "bad NAS address $NAS_IP"; exit 2; }

build_site() {
    mkdir -p "$SITE_DIR/img"
    local count=0
    {
        echo "<!doctype html><html><head><meta charset=utf-8>"
        echo "<title>${SLUG//-/ } - proofs</title>"
        echo "<style>body{font-family:Georgia,serif;background:#faf7f2;margin:2em}"
        echo ".grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:10px}"
        echo ".grid img{width:100%;border-radius:4px}</style></head><body>"
        echo "<h1>${SLUG//-/ }</h1><div class=grid>"
        while IFS= read -r -d '' f; do
            local base
            base="$(basename "$f")"
            cp -p "$f" "$SITE_DIR/img/$base"
            echo "<a href=\"img/$base\"><img loading=lazy src=\"img/$base\" alt=\"$base\"></a>"
            count=$((count + 1))
        done < <(find "$PHOTOS" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) -print0 | sort -z)
        echo "</div><p>$count photos</p></body></html>"
    } > "$SITE_DIR/index.html"
    log "built $SITE_DIR with $count photos"
}

record_hostname() {
    local line="$NAS_IP $HOSTNAME_FQDN  # gallery-preview"
    touch "$SNIPPET"
    if grep -qE "[[:space:]]$HOSTNAME_FQDN([[:space:]]|\$)" "$SNIPPET"; then
        sed -i -E "s/^.*[[:space:]]$HOSTNAME_FQDN([[:space:]].*)?\$/$line/" "$SNIPPET"
    else
        echo "$line" >> "$SNIPPET"
    fi
    log "hosts line for $HOSTNAME_FQDN kept in $SNIPPET (add it to your resolver if you want the name in a browser)"
}

check_preview() {
    local code
    for attempt in 1 2 3; do
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 \
                     --resolve "$HOSTNAME_FQDN:80:$NAS_IP" "http://$HOSTNAME_FQDN/$SLUG/" || true)"
        if [[ "$code" == "200" ]]; then
            log "preview is live: http://$HOSTNAME_FQDN/$SLUG/"
            return 0
        fi
        log "preview not reachable yet (HTTP $code), retrying"
        sleep 3
    done
    log "preview check failed; is the NAS web share serving $SITE_DIR?"
    return 1
}

build_site
record_hostname
check_preview
