#!/usr/bin/env bash
# hosts_block_apply.sh - apply the team's distraction/ads blocklist to /etc/hosts.
# The original one-liner:
#   sed 's/^/0.0.0.0 /' blocklist.txt | sudo tee -a /etc/hosts
# This keeps a marked block so re-runs replace instead of appending forever.
set -euo pipefail

LIST="${1:-./blocklist.txt}"
HOSTS=/etc/hosts
SINK_IP="${SINK_IP:-0.0.0.0}"
BEGIN='# >>> team-blocklist >>>'
END='# <<< team-blocklist <<<'
DRY_RUN="${DRY_RUN:-0}"

die() { echo "error: $*" >&2; exit 1; }
info() { echo ":: $*" >&2; }

[[ -r "$LIST" ]] || die "cannot read $LIST"
command -v sudo >/dev/null || die "sudo is required"

# Normalise the list: strip comments, lowercase, drop junk, de-duplicate.
normalised=$(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$LIST" \
    | tr 'A-Z' 'a-z' \
    | grep -E '^[a-z0-9.-]+\.[a-z]{2,}$' \
    | sort -u)

count=$(wc -l <<< "$normalised")
[[ -n "$normalised" ]] || die "no usable domains in $LIST"
info "$count domain(s) after normalisation"

# Also block the www. variant unless it is already listed.
expanded=$(awk '{ print; if ($0 !~ /^www\./) print "www." $0 }' <<< "$normalised" | sort -u)

block=$(
    echo "$BEGIN"
    echo "# generated $(date -u +%FT%TZ) from $(basename "$LIST") ($(wc -l <<< "$expanded") names)"
    while read -r d; do
        printf '%s %s\n' "$SINK_IP" "$d"
    done <<< "$expanded"
    echo "$END"
)

if [[ "$DRY_RUN" == 1 ]]; then
    printf '%s\n' "$block"
    exit 0
fi

# Back up once per day.
backup="$HOSTS.bak.$(date +%Y%m%d)"
if [[ ! -e "$backup" ]]; then
    sudo cp -p "$HOSTS" "$backup"
    info "backup written to $backup"
fi

# Drop any previous generated block, then append the new one.
if grep -qF "$BEGIN" "$HOSTS"; then
    info "replacing existing block"
    sudo sed -i "/^${BEGIN//\//\\/}\$/,/^${END//\//\\/}\$/d" "$HOSTS"
fi
sudo tee -a "$HOSTS" >/dev/null <<< "$block"
sudo chmod 644 "$HOSTS"

# Flush resolver caches where we know how.
if command -v resolvectl >/dev/null; then
    resolvectl flush-caches 2>/dev/null || true
fi

info "applied: $(grep -c "^$SINK_IP " "$HOSTS") blocked name(s) now in $HOSTS"
