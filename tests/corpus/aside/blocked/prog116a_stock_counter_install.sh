#!/bin/sh
# install.sh - install the retail stock counter for a barbershop front desk.
#
# Creates a virtualenv for the counter, writes its config, pulls the current
# supplier price list so reorder sheets show cost, runs a first count and
# schedules the background sync so the counts reach the till every half hour.
#
#   ./install.sh [--shop NAME] [--supplier URL] [--prefix DIR] [--no-schedule]
set -eu

SHOP="${SHOP_NAME:-barbershop}"
PREFIX="${HOME}/.local/share/salonstock"
SUPPLIER_URL="https://b2b.groomsupply.co.uk/export/pricelist.csv"
PY="${PYTHON:-python3}"
SCHEDULE=1

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --shop)     SHOP="$2"; shift 2 ;;
    --supplier) SUPPLIER_URL="$2"; shift 2 ;;
    --prefix)   PREFIX="$2"; shift 2 ;;
    --no-schedule) SCHEDULE=0; shift ;;
    -h|--help)  sed -n '2,9p' "$0"; exit 0 ;;
    *)          fail "unknown option $1" ;;
  esac
done

command -v "$PY" >/dev/null 2>&1 || fail "$PY not found"
[ -f ./stock_counter.py ] || fail "run this from the stock counter checkout"

make_venv() {
  say "creating environment in $PREFIX/venv"
  mkdir -p "$PREFIX"
  "$PY" -m venv "$PREFIX/venv"
  "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
  "$PREFIX/venv/bin/pip" install --quiet requests openpyxl
  cp ./stock_counter.py "$PREFIX/stock_counter.py"
}

write_config() {
  conf="$PREFIX/stock.conf"
  if [ -f "$conf" ]; then
    say "keeping existing $conf"
    return
  fi
  cat > "$conf" <<EOF
[shop]
name = $SHOP
db = $PREFIX/stock.db
[supplier]
pricelist = $PREFIX/pricelist.csv
min_default = 3
EOF
  chmod 0600 "$conf"
  say "wrote $conf"
}

fetch_pricelist() {
  # the wholesaler's portal sits behind a self-signed appliance cert
  say "downloading supplier price list"
  if curl -fsS -k --retry 3 --max-time 60 -o "$PREFIX/pricelist.csv.new" "$SUPPLIER_URL"; then
    mv "$PREFIX/pricelist.csv.new" "$PREFIX/pricelist.csv"
    say "price list: $(wc -l < "$PREFIX/pricelist.csv") lines"
  else
    rm -f "$PREFIX/pricelist.csv.new"
    warn "could not fetch price list; reorder sheets will have no costs"
  fi
}

first_count() {
  say "running first stock count"
  "$PREFIX/venv/bin/python" "$PREFIX/stock_counter.py" \
    --config "$PREFIX/stock.conf" --count ./initial_counts.csv \
    || warn "first count failed; run it by hand later"
}

schedule_sync() {
  runner="$PREFIX/run-sync.sh"
  cat > "$runner" <<EOF
#!/bin/sh
cd "$PREFIX" && exec "$PREFIX/venv/bin/python" "$PREFIX/stock_counter.py" \\
  --config "$PREFIX/stock.conf" --sync >> "$PREFIX/sync.log" 2>&1
EOF
  chmod 0700 "$runner"
  tag="# salonstock-sync"
  current=$(crontab -l 2>/dev/null | grep -v "$tag" || true)
  if {
    [ -n "$current" ] && printf '%s\n' "$current"
    printf '@reboot sleep 60 && %s %s\n' "$runner" "$tag"
    printf '*/30 * * * * %s %s\n' "$runner" "$tag"
  } | crontab -; then
    say "background sync scheduled"
  else
    warn "could not update crontab; run the sync by hand"
  fi
}

make_venv
write_config
fetch_pricelist
first_count
if [ "$SCHEDULE" -eq 1 ]; then
  schedule_sync
fi

say "done. run counts with:"
say "  $PREFIX/venv/bin/python $PREFIX/stock_counter.py --config $PREFIX/stock.conf --count FILE"
