#!/bin/sh
# Load the schema and every data file into an in-memory database with foreign
# keys on, and report any violation.  Used while editing the data by hand;
# the build does the same through dlrig-mkcatalog.
set -eu
cd "$(dirname "$0")"
files="schema.sql"
for f in $(grep -v "^#" data/ORDER); do files="$files data/$f"; done
{ echo "PRAGMA foreign_keys=ON;"; for f in $files; do echo ".print -- $f"; cat "$f"; done
  echo "PRAGMA foreign_key_check;"
  echo "SELECT category, count(*) FROM part GROUP BY category;"
  echo "SELECT 'duplicate id: ' || id FROM part GROUP BY id HAVING count(*) > 1;"
  echo "SELECT 'price offer for an unknown part: ' || part_id FROM price_offer WHERE part_id NOT IN (SELECT id FROM part);"
  echo "SELECT 'price offers', condition, count(*) FROM price_offer GROUP BY condition;"
  echo "SELECT 'part number for an unknown part: ' || part_id FROM part_number WHERE part_id NOT IN (SELECT id FROM part);"
  echo "SELECT 'cloud rates', kind, count(*) FROM cloud_rate GROUP BY kind;"
  echo "SELECT 'PCI ids for an unknown part: ' || part_id FROM part_pci WHERE part_id NOT IN (SELECT id FROM part);"
  echo "SELECT 'PCI ids given twice: ' || part_id FROM part_pci GROUP BY vendor_id, device_id, subsys_vendor_id, subsys_device_id, revision HAVING count(DISTINCT part_id) > 1 OR count(*) > 1;"
  echo "SELECT 'GPUs with PCI ids', count(DISTINCT part_id), (SELECT count(*) FROM gpu) FROM part_pci WHERE part_id IN (SELECT id FROM gpu);"
} | sqlite3 -bail :memory:
