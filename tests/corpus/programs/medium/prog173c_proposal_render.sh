#!/usr/bin/env bash
# Render a customer proposal PDF from the quote JSON and current tariffs.
# Usage: proposal_render.sh quote.json [output.pdf]
set -euo pipefail

QUOTE="${1:?quote JSON required}"
OUT="${2:-proposal_$(basename "$QUOTE" .json).pdf}"
TARIFF_API="${TARIFF_API:-https://pricing.internal.solarco.example/v2/tariffs}"
WORK="/tmp/proposal_build"
TEMPLATE_DIR="${TEMPLATE_DIR:-./proposal_templates}"

step() { printf '-- %s\n' "$*"; }

fetch_opts() {
    local opts=(-s -S --max-time 30)
    if [[ "${TARIFF_SELF_SIGNED:-1}" == "1" ]]; then
        opts+=(-k)
    fi
    printf '%s\n' "${opts[@]}"
}

prepare() {
    mkdir -p "$WORK"
    rm -f "$WORK"/*.md "$WORK"/*.json
    cp "$QUOTE" "$WORK/quote.json"
}

tariffs() {
    local -a opts
    mapfile -t opts < <(fetch_opts)
    step "fetching tariffs"
    curl "${opts[@]}" "$TARIFF_API" -o "$WORK/tariffs.json"
}

field() {
    jq -r "$1" "$WORK/quote.json"
}

savings() {
    local kwh rate
    kwh=$(field '.estimated_kwh_per_year')
    rate=$(jq -r '.import_p_per_kwh' "$WORK/tariffs.json")
    awk -v k="$kwh" -v r="$rate" 'BEGIN { printf "%.0f", k * r / 100 }'
}

compose() {
    local name addr kwp panels price
    name=$(field '.customer.name')
    addr=$(field '.customer.address')
    kwp=$(field '.system.kwp')
    panels=$(field '.system.panel_count')
    price=$(field '.price_gbp')
    step "composing markdown for $name"
    cat >"$WORK/proposal.md" <<EOF
---
title: "Solar PV proposal for ${name}"
---

**Address:** ${addr}

| System size | Panels | Price | Estimated yearly saving |
|---|---|---|---|
| ${kwp} kWp | ${panels} | £${price} | £$(savings) |

$(cat "$TEMPLATE_DIR/terms.md" 2>/dev/null || echo "Terms available on request.")
EOF
}

render() {
    local tool=pandoc
    step "rendering $OUT"
    "$tool" "$WORK/proposal.md" -o "$OUT" --pdf-engine=wkhtmltopdf
}

main() {
    local s
    for s in prepare tariffs compose render; do
        "$s"
    done
    step "done: $OUT"
}

main
