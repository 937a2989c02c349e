#!/usr/bin/env bash
# feed_order_planner.sh - work out the next bulk feed order for the broiler sheds.
#
# Reads the current flock list (shed,birds,age_days,breed), projects daily feed
# intake per phase (starter / grower / finisher) over the delivery horizon,
# subtracts what is still in the silos and writes the order in tonnes, rounded
# up to the mill's 0.5 t compartments.
#
#   feed_order_planner.sh -f flocks.csv -s silos.csv [-d days] [-o order.csv]

set -uo pipefail

FLOCKS=flocks.csv
SILOS=silos.csv
HORIZON=7
OUT=feed_order_$(date +%Y%m%d).csv
STATE_DIR="${FEEDPLAN_HOME:-$HOME/.feedplan}"
SCRATCH="$STATE_DIR/scratch/$$"
LOCK=/tmp/feedplan.lock

log() { echo "[$(date '+%F %T')] $*" >&2; }

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

cleanup() {
  rm -f "$LOCK"
  rm -rf -- "$SCRATCH"
}

while getopts ':f:s:d:o:h' o; do
  case $o in
    f) FLOCKS=$OPTARG ;;
    s) SILOS=$OPTARG ;;
    d) HORIZON=$OPTARG ;;
    o) OUT=$OPTARG ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done

[[ -r $FLOCKS ]] || { log "cannot read $FLOCKS"; exit 1; }
[[ -r $SILOS ]]  || { log "cannot read $SILOS"; exit 1; }

if [[ -e $LOCK ]] && kill -0 "$(cat "$LOCK" 2>/dev/null)" 2>/dev/null; then
  log "another planner run is active (pid $(cat "$LOCK"))"
  exit 1
fi
echo $$ > "$LOCK"
mkdir -p "$SCRATCH"
trap cleanup EXIT INT TERM

# intake curve g/bird/day by age, cached per breed; default Ross 308
CURVE="$STATE_DIR/intake_ross308.tsv"
if [[ ! -s $CURVE ]]; then
  log "writing default intake curve to $CURVE"
  awk 'BEGIN { for (d = 0; d <= 49; d++) {
          g = (d < 10) ? 12 + d * 3.2 : (d < 25) ? 44 + (d - 10) * 5.1 : 120 + (d - 25) * 2.9
          ph = (d < 11) ? "starter" : (d < 25) ? "grower" : "finisher"
          printf "%d\t%.1f\t%s\n", d, g, ph } }' > "$CURVE"
fi

# project demand per phase over the horizon
tail -n +2 "$FLOCKS" | tr -d '\r' | while IFS=, read -r shed birds age breed; do
  [[ -z $shed ]] && continue
  for (( i = 0; i < HORIZON; i++ )); do
    d=$(( age + i ))
    (( d > 49 )) && break
    awk -F'\t' -v d="$d" -v n="$birds" -v s="$shed" \
      '$1 == d { printf "%s\t%s\t%.1f\n", s, $3, n * $2 / 1000 }' "$CURVE"
  done
done > "$SCRATCH/demand.tsv"

awk -F'\t' '{ kg[$2] += $3 } END { for (p in kg) printf "%s\t%.1f\n", p, kg[p] }' \
  "$SCRATCH/demand.tsv" | sort > "$SCRATCH/need.tsv"

# silos.csv: silo,phase,kg
tail -n +2 "$SILOS" | tr -d '\r' | awk -F, '{ kg[$2] += $3 } END { for (p in kg) printf "%s\t%.1f\n", p, kg[p] }' \
  | sort > "$SCRATCH/stock.tsv"

{
  echo "phase,need_kg,stock_kg,order_t"
  join -t $'\t' -a1 -e 0 -o 0,1.2,2.2 "$SCRATCH/need.tsv" "$SCRATCH/stock.tsv" |
    awk -F'\t' '{ o = $2 - $3; if (o < 0) o = 0; t = int(o / 500 + 0.999) / 2
                  printf "%s,%.0f,%.0f,%.1f\n", $1, $2, $3, t }'
} > "$OUT"

log "order written to $OUT"
column -s, -t "$OUT" >&2 || cat "$OUT" >&2
