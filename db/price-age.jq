# Price age of the catalog, as dlrig prices each part (the price the price
# policy picks: the part's row, a dated offer or an imported list), by category.
# Usage: dlrig parts --json | jq -r --arg today YYYY-MM -f db/price-age.jq
def months($d): ($d | split("-") | map(tonumber)) as $p | $p[0] * 12 + $p[1];
def median: sort | .[(length / 2 | floor)];
(months($today)) as $t
| [.parts[] | select(.price_usd != null and .price_date != null)
   | {c: .category, age: ($t - months(.price_date))}] as $p
| "| category | priced | dated within 12 months | median age (months) |",
  "|---|---:|---:|---:|",
  ($p | group_by(.c)[] | "| \(.[0].c) | \(length) | \(map(select(.age <= 12)) | length) (\((map(select(.age <= 12)) | length) * 100 / length | floor)%) | \(map(.age) | median) |"),
  "| all | \($p | length) | \($p | map(select(.age <= 12)) | length) (\(($p | map(select(.age <= 12)) | length) * 100 / ($p | length) | floor)%) | \($p | map(.age) | median) |"
