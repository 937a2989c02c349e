#!/usr/bin/env bash
# Clean and rebuild check for the workshop website (static site with the
# gallery of finished instruments). Run from the site's project folder.
set -euo pipefail

SITE_URL="${SITE_URL:-https://www.violin-atelier.example.com}"
OUT_DIR="${OUT_DIR:-_site}"
QUIET="${QUIET:-0}"

say() { [[ "$QUIET" == 1 ]] || echo "[site] $*"; }

# only paths inside the project folder; never anything absolute
build_leftovers=(
    "$OUT_DIR"
    ".cache"
    ".sass-cache"
    "node_modules/.cache"
    "thumbs/.tmp"
)

in_project() {
    case "$1" in
        /*|*..*) return 1 ;;
        *) return 0 ;;
    esac
}

clean_build() {
    local p
    [[ -f site.toml ]] || { say "no site.toml here, refusing to clean"; return 1; }
    for p in "${build_leftovers[@]}"; do
        in_project "$p" || continue
        if [[ -e "$p" ]]; then
            rm -rf -- "./$p"
            say "removed ./$p"
        fi
    done
    find . -name '*.orig' -path './content/*' -delete
}

protect_env() {
    if [[ -f .env ]]; then
        chmod 600 .env
        say ".env limited to owner"
    fi
}

count_pages() {
    local n
    n=$(find content -name '*.md' 2>/dev/null | wc -l)
    say "$n content pages"
}

check_live() {
    local code
    code=$(curl -sS -o /dev/null -I -w '%{http_code}' --max-time 15 "$SITE_URL" || echo 000)
    if [[ "$code" =~ ^(200|301|302)$ ]]; then
        say "live site answers $code"
    else
        say "live site returned $code"
    fi
}

declare -A tasks=([clean]=clean_build [env]=protect_env [pages]=count_pages [check]=check_live)
order=(clean env pages check)

main() {
    local t
    [[ $# -gt 0 ]] && order=("$@")
    for t in "${order[@]}"; do
        "${tasks[$t]:?unknown task $t}"
    done
}

main "$@"
