#!/bin/sh
# Print the catalog's part counts per category and tier, price coverage and the
# coverage of the physical data the fit checks need, as Markdown tables for
# db/README.md.  Usage: sh db/counts.sh [catalog.db]   (default build/catalog.db,
# written by the build).  Needs the sqlite3 shell.
#
# Tier rule (no column holds it; it is derived here so every category is sorted
# the same way):
#   datacenter  GPUs of segment 'datacenter'; U.2/E1.S drives; NICs of 100 Gb/s
#               or more; switches.
#   server      rack chassis or chassis with forced airflow; server PSU modules;
#               CPUs and boards for 2-socket or SP5/SP3/LGA7529/LGA4189/LGA3647/LGA4677
#               Xeon Scalable platforms; RDIMM kits of 12 or more modules; NICs of
#               25-99 Gb/s.
#   workstation GPUs of segment 'workstation'; sTR5/sWRX8/sTRX4/LGA4710, Xeon W and W680
#               platforms; RDIMM or ECC kits below 12 modules; ATX PSUs above
#               1300 W; towers with 8 or more slots, open frames; coolers that fit no
#               mainstream socket; NVLink bridges; NICs below 25 Gb/s.
#   entry       the cheap end of the mainstream desktop parts: consumer GPUs under
#               $500, desktop CPUs under $250, boards under $200, non-ECC kits of
#               32 GB or less, SSDs of 1 TB or less, PSUs of 750 W or less, towers
#               under $100, coolers under $60 (an unpriced part is never entry).
#   mainstream  every other desktop (AM5/AM4/LGA1700/LGA1851) part, hard disks.
set -eu
db=${1:-build/catalog.db}
[ -f "$db" ] || { echo "counts.sh: no catalog at $db (build first, or name the file)" >&2; exit 2; }

sqlite3 "$db" <<'SQL'
.mode list
.separator " | "
CREATE TEMP VIEW tiered AS
SELECT 'gpu' AS category, id, price_usd AS price,
       CASE WHEN segment = 'datacenter' THEN 'datacenter'
            WHEN segment = 'workstation' THEN 'workstation'
            WHEN price_usd < 500 THEN 'entry' ELSE 'mainstream' END AS tier FROM gpu
UNION ALL SELECT 'cpu', id, price_usd,
       CASE WHEN max_sockets > 1 OR socket IN ('SP5','SP3','LGA7529','LGA4189','LGA3647')
                 OR (socket = 'LGA4677' AND family LIKE 'Xeon Scalable%') THEN 'server'
            WHEN socket IN ('sTR5','sWRX8','sTRX4','LGA4677','LGA4710') THEN 'workstation'
            WHEN price_usd < 250 THEN 'entry' ELSE 'mainstream' END FROM cpu
UNION ALL SELECT 'motherboard', id, price_usd,
       CASE WHEN cpu_sockets > 1 OR socket IN ('SP5','SP3','LGA7529','LGA4189','LGA3647') THEN 'server'
            WHEN socket IN ('sTR5','sWRX8','sTRX4','LGA4677','LGA4710') OR chipset = 'W680' THEN 'workstation'
            WHEN price_usd < 200 THEN 'entry' ELSE 'mainstream' END FROM motherboard
UNION ALL SELECT 'memory', id, price_usd,
       CASE WHEN registered = 1 AND modules >= 12 THEN 'server'
            WHEN registered = 1 OR ecc = 1 THEN 'workstation'
            WHEN capacity_gb <= 32 AND price_usd IS NOT NULL THEN 'entry' ELSE 'mainstream' END FROM memory
UNION ALL SELECT 'storage', id, price_usd,
       CASE WHEN kind = 'u2' THEN 'datacenter'
            WHEN kind <> 'hdd' AND capacity_gb <= 1000 AND price_usd IS NOT NULL THEN 'entry'
            ELSE 'mainstream' END FROM storage
UNION ALL SELECT 'psu', id, price_usd,
       CASE WHEN form_factor = 'server' THEN 'server'
            WHEN watts > 1300 THEN 'workstation'
            WHEN watts <= 750 AND price_usd IS NOT NULL THEN 'entry' ELSE 'mainstream' END FROM psu
UNION ALL SELECT 'case', id, price_usd,
       CASE WHEN kind = 'rack' OR forced_airflow = 1 THEN 'server'
            WHEN expansion_slots >= 8 OR kind = 'frame' THEN 'workstation'
            WHEN price_usd < 100 THEN 'entry' ELSE 'mainstream' END FROM chassis
UNION ALL SELECT 'cooler', id, price_usd,
       CASE WHEN (',' || sockets || ',') NOT LIKE '%,AM5,%' AND (',' || sockets || ',') NOT LIKE '%,LGA1700,%'
                 AND (',' || sockets || ',') NOT LIKE '%,LGA1851,%' THEN 'workstation'
            WHEN price_usd < 60 THEN 'entry' ELSE 'mainstream' END FROM cooler
UNION ALL SELECT 'nic', id, price_usd,
       CASE WHEN speed_gbps >= 100 THEN 'datacenter' WHEN speed_gbps >= 25 THEN 'server'
            ELSE 'workstation' END FROM nic
UNION ALL SELECT 'nvlink_bridge', id, price_usd, 'workstation' FROM nvlink_bridge
UNION ALL SELECT 'switch', id, price_usd, 'datacenter' FROM switch;

SELECT '| category | entry | mainstream | workstation | server | datacenter | total | priced |';
SELECT '|---|---:|---:|---:|---:|---:|---:|---:|';
SELECT '| ' || category,
       sum(tier = 'entry'), sum(tier = 'mainstream'), sum(tier = 'workstation'), sum(tier = 'server'),
       sum(tier = 'datacenter'), count(*),
       sum(priced) || ' (' || CAST(round(100.0 * sum(priced) / count(*)) AS INTEGER) || '%) |'
FROM (SELECT *, price IS NOT NULL OR EXISTS (SELECT 1 FROM price_offer o WHERE o.part_id = tiered.id
                                                 AND o.condition = 'new') AS priced FROM tiered)
GROUP BY category ORDER BY count(*) DESC, category;
SELECT '';
SELECT '| physical data the fit checks need | have | of |';
SELECT '|---|---:|---:|';
SELECT '| tower cases with a maximum GPU length', count(max_gpu_length_mm), count(*) || ' |'
  FROM chassis WHERE kind = 'tower';
SELECT '| tower cases with a CPU cooler height limit', count(max_cooler_height_mm), count(*) || ' |'
  FROM chassis WHERE kind = 'tower';
SELECT '| rack chassis taking PCIe cards with a maximum GPU length (HGX-only servers excluded)', count(max_gpu_length_mm), count(*) || ' |'
  FROM chassis WHERE kind = 'rack' AND sxm_gpus IS NULL;
SELECT '| open frames with their risers'' PCIe generation and length',
       count(riser_pcie_gen IS NOT NULL AND riser_mm IS NOT NULL OR NULL), count(*) || ' |'
  FROM chassis WHERE kind = 'frame';
SELECT '| PCIe GPUs with a card length (SXM modules have none)', count(length_mm), count(*) || ' |'
  FROM gpu WHERE form_factor = 'pcie';
SELECT '| air coolers with a height', count(height_mm), count(*) || ' |' FROM cooler WHERE kind = 'air';
SELECT '| boards with a slot map', count(DISTINCT s.board_id), (SELECT count(*) FROM motherboard) || ' |'
  FROM board_slot s;
SELECT '| boards with their M.2 sockets', count(DISTINCT m.board_id), (SELECT count(*) FROM motherboard) || ' |'
  FROM board_m2 m;
SELECT '| M.2 sockets with their PCIe generation, lanes and attachment',
       count(pcie_gen IS NOT NULL AND lanes IS NOT NULL AND attached_to IS NOT NULL OR NULL), count(*) || ' |'
  FROM board_m2;
SELECT '| slots whose position is marked UNVERIFIED', sum(note LIKE '%UNVERIFIED%'), count(*) || ' |'
  FROM board_slot;
SQL
