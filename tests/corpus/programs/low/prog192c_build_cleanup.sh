#!/usr/bin/env bash
# Tidies the shop's catalogue-site project after a build: removes build and
# cache output, records checksums of the release bundle, and inlines the
# small logo images into the offline price list.
set -euo pipefail

PROJECT="${PROJECT_DIR:-$PWD}"
BUNDLE_DIR="$PROJECT/release"
PRICE_LIST="$PROJECT/pricelist.html"

declare -a JUNK=(
  "build"
  "dist"
  ".pytest_cache"
  ".mypy_cache"
  "node_modules/.cache"
)

say() { printf '[tidy] %s\n' "$*"; }

build_host() {
  local name="unknown"
  if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
  fi
  echo "$name"
}

remove_junk() {
  local d removed=0
  for d in "${JUNK[@]}"; do
    if [[ -e "$PROJECT/$d" ]]; then
      rm -rf -- "${PROJECT:?}/$d"
      removed=$((removed + 1))
    fi
  done
  find "$PROJECT" -name '__pycache__' -type d -prune -exec rm -rf {} +
  find "$PROJECT" -name '*.pyc' -delete
  say "removed $removed build/cache folders"
}

checksums() {
  [[ -d "$BUNDLE_DIR" ]] || { say "no release bundle yet"; return 0; }
  local out="$BUNDLE_DIR/SHA256SUMS"
  ( cd "$BUNDLE_DIR" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum ) >"$out"
  chmod 0600 "$out"
  say "wrote $(wc -l <"$out") checksums to $out"
}

inline_logos() {
  [[ -f "$PRICE_LIST" ]] || return 0
  local logo key data
  for logo in "$PROJECT"/assets/logos/*.png; do
    [[ -e "$logo" ]] || continue
    key="$(basename "$logo" .png)"
    data="$(base64 -w0 "$logo")"
    sed -i "s|src=\"logos/${key}.png\"|src=\"data:image/png;base64,${data}\"|g" "$PRICE_LIST"
  done
  say "logos inlined into $(basename "$PRICE_LIST")"
}

stamp() {
  cat >"$PROJECT/BUILD_INFO" <<EOF
built_on=$(build_host)
built_at=$(date -u +%FT%TZ)
git_rev=$(git -C "$PROJECT" rev-parse --short HEAD 2>/dev/null || echo none)
EOF
}

declare -A STEP=(
  [junk]=remove_junk
  [sums]=checksums
  [logos]=inline_logos
  [stamp]=stamp
)

main() {
  local s
  for s in ${STEPS:-junk sums logos stamp}; do
    "${STEP[$s]}"
  done
  say "done in $PROJECT"
}

main "$@"
