-- cooler data: CPU coolers for the sockets in the cpu table.
-- Noctua publishes no watt ratings (it uses its NSPR index), so tdp_rating_w is
-- NULL for Noctua models. Figures no source read here confirms are NULL and
-- the note says so. See db/SOURCES.md.

INSERT INTO source (id, title, url, note) VALUES
('cooler-noctua-nspr', 'Noctua Standardised Performance Rating (NSPR) and compatibility classification for CPU coolers', 'https://noctua.at/en/noctua-standardised-performance-rating', 'Noctua rates coolers with NSPR instead of TDP figures, which it calls misleading.'),
('cooler-noctua-d15g2', 'Noctua: Die verschiedenen Versionen des NH-D15 G2 erklärt', 'https://noctua.at/de/nh-d15-g2-versions-explained.html', 'NH-D15 G2 standard, LBC and HBC versions, tuned for Intel LGA1700 and AMD AM5.'),
('cooler-arrowlake-cooler-compat', 'Intel Core Ultra 9 285K leak: LGA1851 keeps LGA1700 cooler compatibility', 'https://informatica-sinlimites-ii.blogspot.com/2024/07/intel-core-ultra-9-285k-la-nueva-cpu.html', 'Coolers for LGA1700 are compatible with LGA1851.'),
('cooler-svethardware-am5', 'SvetHardware: all Noctua CPU coolers suit AM5 except one', 'https://www.svethardware.cz/vsechny-procesorove-chladice-noctua-jsou-uz-vhodne-pro-am5-az-na-jediny/57438', 'NH-U12A and Noctua coolers bought since 2019 fit AM5 (NH-L9a-AM4 excepted).'),
('cooler-tomshw-noctua-lga1700', 'Tom''s Hardware: Noctua confirms Intel Alder Lake (LGA1700) CPU support', 'https://www.tomshardware.com/news/noctua-lga1700-cooler-compatibility', 'NH-U12A usable on LGA1700 via an upgrade kit.'),
('cooler-guru3d-dx4677', 'Guru3D: Noctua NH-U14S DX-4677 cooler efficiently cools 56-core Xeon at 700 W', 'https://www.guru3d.com/publish/comments/noctua-nh-u14s-dx-4677-cooler-efficiently-cools-56-core-xeon-at-700-watts/', 'NH-U14S DX-4677 for LGA4677, shown on a Xeon w9-3495X.'),
('cooler-newegg-buildlog-2026', 'Public workstation build log (GitHub markdown) itemising Newegg receipts of 2026-04-12', NULL, 'Noctua NH-U14S TR5-SP6 bought at 150.99 USD for a Threadripper PRO 7975WX on WRX90. Repository URL not recorded by the lookup tool.'),
('cooler-str5-guide', 'Threadripper sTR5 build guide (public GitHub markdown, Italian)', NULL, 'For sTR5: air Noctua NH-U14S TR5-SP6; AIO SilverStone XE360-TR5 and Arctic Liquid Freezer for TR5, with full-coverage cold plates.'),
('cooler-occlub-strx4', 'OCClub: sTRX4 cooler mounting is identical to TR4 (Noctua statement)', 'https://occlub.ru/news/hardware/40330-kreplenie-sistemy-ohlazhdenija-soketa-amd-strx4-polnostju-identichno-tr4', 'Noctua: the sTRX4 cooler mounting is identical to SP3 and TR4; all Noctua TR4-SP3 coolers fit sTRX4.'),
('cooler-technews-nhu14s', 'Technews.lt: Noctua NH-U12S ir NH-U14S review (2013-07; public GitHub archive of the site, _posts/2013-07-20-noctua_nhu12s_ir_nhu14s.md)', 'https://github.com/LukasTy/technews-jekyll-static', 'NH-U14S heatsink without fan: 165 mm high x 150 mm wide x 52 mm deep (78 mm with one NF-A15). Applies to the LGA/AM version; the TR4-SP3 and TR5-SP6 variants are not measured there.'),
('cooler-modding-nhd12l', 'Modding.fr: test du ventirad Noctua NH-D12L chromax.black (page 4)', 'https://www.modding.fr/test-ventirad-noctua-nh-d12l-chromax-black/4', 'For comparison states the NH-D15 heatsink is 160 mm high and 150 mm wide (heatsink only, fans not included).'),
('cooler-noctua-d15g2-spec', 'Noctua NH-D15 G2 specification page', 'https://noctua.at/en/nh-d15-g2/specification', 'Spec line read as quoted in a public ML-hardware README ("Hardware alternatives for running machine learning models locally", the same README as case-fractal-define7): "Height (with fan): 168 mm"; RAM clearance in dual-fan mode 32 mm with the 140 mm fan, 52 mm with the 120 mm fan (168 mm total height). A second public project (a PC-builder catalogue''s step records, sources kept in its catalog-source-registry) uses the same published "Height with fan(s): 168 mm". Standard version; LBC/HBC heights not stated.'),
('cooler-zacangemi-tr5sp6', 'Local LLM Infrastructure V2 digital-twin build brief (zacangemi/local-llm-inference-lab, public-prompts/04-digital-twin.md), NH-U14S TR5-SP6 dimensions from Noctua documentation', 'https://github.com/zacangemi/local-llm-inference-lab/blob/ccc3e3271bf5271a5873875ff60a5bb2d91b73ef/public-prompts/04-digital-twin.md', 'The brief says manufacturer documents determine product dimensions; the project''s source list (zacangemi/local-llm-infrastructure-v2, docs/sources.md) links https://www.noctua.at/en/products/nh-u14s-tr5-sp6/specifications. NH-U14S TR5-SP6: heatsink without fans 165 x 150 x 52 mm; complete dual-fan envelope 165 x 150 x 111 mm; two NF-A15 HS-PWM fans, 140 x 150 x 25 mm, up to 1500 RPM.'),
('cooler-kr-builder-pa120se', 'Public Korean PC-builder project, hardware evidence record phase1-hardware-2026-10-04 (PHASE1_COOLER_EVIDENCE, TypeScript), citing the Thermalright product page and a Danawa spec page', 'https://www.thermalright.com/product/peerless-assassin-120-se/', 'Peerless Assassin 120 SE, source facts recorded from the Thermalright page (retail spec https://prod.danawa.com/info/?pcode=16525058): dual tower, 6 heatpipes, 155mm height. URL is the vendor page the record cites; the repository URL was not recorded by the lookup tool.'),
('cooler-unconfirmed', 'No source retrieved for these figures', NULL, 'Rows pointing here carry figures not found in the material available when the catalog was compiled; sockets hold the commonly published compatibility and the note says so.'),
('cooler-pcpp-2025-07', 'PCPartPicker CPU cooler listings, lowest US price per SKU as scraped on 2025-07-23 (docyx/pc-part-dataset, data/csv/cpu-cooler.csv; README: "Last updated: July 23, 2025")', 'https://github.com/docyx/pc-part-dataset/blob/06ffc8eec068db5e8145e012ad2ec11e56a7c969/data/csv/cpu-cooler.csv', 'Price tracker snapshot (name, price USD, rpm, noise, colour, radiator size). Rows read: Noctua NH-D15 129.94 (chromax.black 139.94); Noctua NH-D15 G2 179.95 (LBC and HBC also 179.95); Noctua NH-U12A 129.90 (chromax.black 139.94); Noctua NH-U14S TR4-SP3 109.95; ARCTIC Liquid Freezer III 360 (black, non-RGB) 200.00 (A-RGB 360 159.99; Liquid Freezer III Pro 360 84.99). The 2024-05-14 snapshot of the same file (commit f810caf) had NH-D15 109.95, NH-U12A 119.95, NH-U14S TR4-SP3 99.95, Liquid Freezer III 360 116.99. No NH-U14S TR5-SP6, NH-U14S DX-4677, Freezer 4U-M or XE360-TR5 row was seen in the part of the file read.');
-- Heights of the coolers no vendor copy was found for (see db/SOURCES.md).
INSERT INTO source (id, title, url, note) VALUES
('cooler-buildcores-opendb', 'BuildCores OpenDB, community-maintained PC parts database (buildcores/buildcores-open-db, open-db/CPUCooler, one JSON file per SKU; commit 136a77a of 2026-08-17)', 'https://github.com/buildcores/buildcores-open-db/tree/136a77aec16a30ba81a7cc6b448a8bace9a25359/open-db/CPUCooler', 'SECONDARY: a parts database (field "height", mm) that names no vendor page for its figures. Rows read: Noctua NH-D15, NH-D15 chromax.black and NH-D15 SE-AM4 165; NH-U12A (brown and chromax.black) 158; NH-U14S and NH-U14S TR4-SP3 165; Thermalright Phantom Spirit 120 SE (PS120SE and its ARGB version) 154; ARCTIC Freezer 36 (ACFRE00121A to ACFRE00125A, five SKUs) 159; ARCTIC Freezer 4U-M (ACFRE00133A) 141. Checked against the rows already taken from vendor copies: NH-D15 G2 (standard, LBC, HBC) 168 and Peerless Assassin 120 SE (every version) 155, the vendor figures. No NH-U14S DX-4677 row.'),
('cooler-4um-decision-record', 'Cooler decision record in a public home-server build log (GitHub markdown, 2026-04-07): "Noctua NH-U9 TR4-SP3 over Arctic Freezer 4U-M"', NULL, 'SECONDARY: "The Arctic Freezer 4U-M is 145mm tall. The SilverStone RM400 allows 148mm without the card retainer bracket. That''s 3mm clearance"; the same project''s build guide repeats 145 mm. Repository URL not recorded by the lookup tool.');


INSERT INTO cooler (id, vendor, name, price_usd, price_date, year, source, note, kind, height_mm, radiator_mm, sockets, tdp_rating_w) VALUES
('noctua-nh-u14s-tr5-sp6', 'Noctua', 'NH-U14S TR5-SP6', 150.99, '2026-04', NULL, 'cooler-newegg-buildlog-2026',
 'Street price from a 2026-04 Newegg receipt; used on sTR5 (WRX90) per the build log and the sTR5 guide. SP6 is not a catalog socket; SP5 fit (same mounting) not confirmed in sources read. Height 165 mm with its two NF-A15 fans fitted (envelope 165 x 150 x 111 mm; heatsink alone 165 x 150 x 52 mm), Noctua figures as copied in a public build brief (cooler-zacangemi-tr5sp6); the same 165 mm as the plain NH-U14S heatsink (Technews.lt). No TDP rating: Noctua uses NSPR.',
 'air', 165, NULL, 'sTR5,SP5', NULL),
('noctua-nh-u14s-tr4-sp3', 'Noctua', 'NH-U14S TR4-SP3', 109.95, '2025-07', NULL, 'cooler-occlub-strx4',
 'sTRX4 per Noctua (via OCClub): sTRX4 mounting is identical to TR4/SP3 and all TR4-SP3 coolers fit. sWRX8 uses the same SP3-style mounting but no source read states it; kept, verify. Height 165 mm: a parts database (cooler-buildcores-opendb, SECONDARY) and a public build catalogue ("165mm tall", case-dealtracker-ebay-catalog); the same as the plain NH-U14S heatsink (Technews.lt) and the TR5-SP6 variant with fans (Noctua figures, cooler-zacangemi-tr5sp6). No TDP rating: Noctua uses NSPR. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (cooler-pcpp-2025-07) (99.95 on 2024-05-14). SP3 (EPYC 7002/7003, the socket in its name): a dated public build cools an EPYC 7532 on a Gigabyte MZ01-CE1 SP3 board with it (cooler-space-lab-2026-07); OCClub''s note that all TR4-SP3 coolers fit sTRX4 names the same SP3 mounting.',
 'air', 165, NULL, 'sTRX4,sWRX8,SP3', NULL),
('noctua-nh-d15-g2', 'Noctua', 'NH-D15 G2', 179.95, '2025-07', NULL, 'cooler-noctua-d15g2',
 'AM5 and LGA1700 per Noctua''s version guide (LBC/HBC variants tune base convexity per platform); LGA1851 via LGA1700 cooler compatibility. Height 168 mm with fans: Noctua spec page "Height (with fan): 168 mm" as quoted in a public README (cooler-noctua-d15g2-spec); a second public project cites the same published figure. No TDP rating: Noctua uses NSPR. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (cooler-pcpp-2025-07), standard version; the LBC and HBC versions are listed at the same price.',
 'air', 168, NULL, 'AM5,LGA1700,LGA1851', NULL),
('noctua-nh-d15', 'Noctua', 'NH-D15', 129.94, '2025-07', NULL, 'cooler-svethardware-am5',
 'AM5 per SvetHardware (Noctua coolers since 2019 fit AM5); LGA1700 via Noctua mounting kit (Tom''s Hardware notes some ASUS Z690 boards clash); LGA1851 via LGA1700 compatibility. Height 165 mm with fans: a parts database, the same for the NH-D15, its chromax.black and SE-AM4 versions (cooler-buildcores-opendb, SECONDARY; no Noctua copy was found); Modding.fr gives 160 mm for the heatsink alone, the fans standing above it. No TDP rating: Noctua uses NSPR. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (cooler-pcpp-2025-07) (109.95 on 2024-05-14).',
 'air', 165, NULL, 'AM5,LGA1700,LGA1851', NULL),
('noctua-nh-u12a', 'Noctua', 'NH-U12A', 129.9, '2025-07', NULL, 'cooler-svethardware-am5',
 'AM5 per SvetHardware; LGA1700 via upgrade kit per Tom''s Hardware; LGA1851 via LGA1700 compatibility. Height 158 mm with fans: a parts database, the same for the brown and chromax.black versions (cooler-buildcores-opendb, SECONDARY; no Noctua copy was found). No TDP rating: Noctua uses NSPR. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (cooler-pcpp-2025-07), brown version (119.95 on 2024-05-14).',
 'air', 158, NULL, 'AM5,LGA1700,LGA1851', NULL),
('noctua-nh-u14s-dx-4677', 'Noctua', 'NH-U14S DX-4677', 165.22, '2026-01', NULL, 'cooler-guru3d-dx4677',
 'LGA4677 per Guru3D (cooling a Xeon w9-3495X at up to 700 W in Noctua''s demonstration; not a rating). Height not found. No TDP rating: Noctua uses NSPR. Price: street price converted from CHF: CHF 132.00 paid at digitec.ch (new; the build article cpu-scion-25g-2026-01, dated to its publication, 2026-01-12) x 1.25164 USD per CHF (ECB reference rates of 2026-01-13, cpu-ecb-2026-01-13) = 165.22 USD. Swiss retail prices include VAT, not removed.',
 'air', NULL, NULL, 'LGA4677', NULL),
('arctic-freezer-4u-m', 'Arctic', 'Freezer 4U-M', 108.46, '2025-07', NULL, 'cooler-unconfirmed',
 'UNCONFIRMED: socket list is the commonly published compatibility (AMD SP5/sTR5/sWRX8/sTRX4, Intel LGA4677/LGA4189), not found in sources read; 4U server-height tower. Height 145 mm: a dated build decision record (cooler-4um-decision-record, SECONDARY) against 141 mm in a parts database (cooler-buildcores-opendb); 145 stored, the taller figure being the safe one for a clearance check. TDP rating NULL. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (cooler-pcpp-2025-07, "ARCTIC Freezer 4U-M", Black / Silver); 84.99 in the 2024-05-14 snapshot of the same dataset.',
 'air', 145, NULL, 'SP5,sTR5,sWRX8,sTRX4,LGA4677,LGA4189', NULL),
('silverstone-xe360-tr5', 'SilverStone', 'XE360-TR5', NULL, NULL, NULL, 'cooler-str5-guide',
 '360 mm AIO for sTR5 with full-coverage cold plate per the sTR5 build guide. TDP rating and price not found.',
 'aio', NULL, 360, 'sTR5', NULL),
('arctic-liquid-freezer-iii-360', 'Arctic', 'Liquid Freezer III 360', 200.0, '2025-07', NULL, 'cooler-unconfirmed',
 'UNCONFIRMED: 360 mm radiator (model name) and AM5/LGA1700/LGA1851 fit are the commonly published values, not found in sources read. TDP rating NULL. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (cooler-pcpp-2025-07), black non-RGB 360 SKU; 116.99 on 2024-05-14; the successor Liquid Freezer III Pro 360 was listed at 84.99 in the 2025-07 snapshot.',
 'aio', NULL, 360, 'AM5,LGA1700,LGA1851', NULL);

-- Budget air coolers and a 360 mm AIO for AM5 / LGA1700 / LGA1851.  Prices and
-- radiator size as listed by PCPartPicker on 2025-07-23 (cooler-pcpp-2025-07).
-- Socket lists are the vendors' commonly published compatibility, not read in a
-- source here (UNCONFIRMED in each note); heat-load ratings NULL, heights as
-- each note says.
INSERT INTO cooler (id, vendor, name, price_usd, price_date, year, source, note, kind, height_mm, radiator_mm, sockets, tdp_rating_w) VALUES
('thermalright-peerless-assassin-120-se', 'Thermalright', 'Peerless Assassin 120 SE', 34.90, '2025-07', NULL, 'cooler-pcpp-2025-07',
 'Dual-tower air cooler with two 120 mm fans, six heatpipes. Height 155 mm: the Thermalright product page as recorded in a dated evidence record (cooler-kr-builder-pa120se); public parts lists that give 157 mm cite no source. UNCONFIRMED: AM5, LGA1700 and LGA1851 fit (LGA1851 keeps the LGA1700 mounting holes, cooler-arrowlake-cooler-compat). Price: street price, lowest PCPartPicker US listing on 2025-07-23.',
 'air', 155, NULL, 'AM5,LGA1700,LGA1851', NULL),
('thermalright-phantom-spirit-120-se', 'Thermalright', 'Phantom Spirit 120 SE', 35.90, '2025-07', NULL, 'cooler-pcpp-2025-07',
 'Dual-tower air cooler. UNCONFIRMED: AM5, LGA1700 and LGA1851 fit (LGA1851 via the LGA1700 hole pattern, cooler-arrowlake-cooler-compat). Height 154 mm: a parts database, the same for the plain and ARGB versions (cooler-buildcores-opendb, SECONDARY; no Thermalright copy was found); unsourced public lists also give 157 mm. Price: street price, lowest PCPartPicker US listing on 2025-07-23.',
 'air', 154, NULL, 'AM5,LGA1700,LGA1851', NULL),
('arctic-freezer-36', 'Arctic', 'Freezer 36', 44.19, '2025-07', NULL, 'cooler-pcpp-2025-07',
 'Single-tower air cooler with two fans. UNCONFIRMED: AM5, LGA1700 and LGA1851 fit. Height 159 mm: a parts database, the same for all five SKUs (ACFRE00121A to ACFRE00125A; cooler-buildcores-opendb, SECONDARY; no Arctic copy was found); public lists also say 159 mm. Price: street price, lowest PCPartPicker US listing on 2025-07-23.',
 'air', 159, NULL, 'AM5,LGA1700,LGA1851', NULL),
('arctic-liquid-freezer-iii-pro-360', 'Arctic', 'Liquid Freezer III Pro 360', 84.99, '2025-07', 2024, 'cooler-pcpp-2025-07',
 '360 mm radiator (listing). UNCONFIRMED: AM5, LGA1700 and LGA1851 fit. Price: street price, lowest PCPartPicker US listing on 2025-07-23.',
 'aio', NULL, 360, 'AM5,LGA1700,LGA1851', NULL);

-- Entry tier: a single-tower 120 mm cooler at 17 USD that fits AM4 as well as
-- the current sockets.  (Boxed coolers -- Intel Laminar RM1 with the i5-12400F,
-- AMD Wraith Stealth with the Ryzen 5 5600 -- are not parts a build can list:
-- the catalog has no "comes with the CPU" cooler, so they are not modelled.)
INSERT INTO source (id, title, url, note) VALUES
('cooler-opendb-2026', 'BuildCores OpenDB, CPU cooler entries (buildcores/buildcores-open-db, commit 136a77a of 2026-08-17, open-db/CPUCooler/*.json; ODC-By)', 'https://github.com/buildcores/buildcores-open-db/tree/136a77aec1/open-db/CPUCooler', 'Cooler Master Hyper 212 Spectrum V3 (RR-S4NA-17PA-R1): air, 152 mm high, sockets AM4, AM5, LGA1150/1151/1155/1156/1200, LGA1700, LGA1851; entry checked by hand on 2026-04-10 against the Cooler Master tech-spec page (coolermaster.com/en-in/products/hyper-212-spectrum-v3). No rated heat load recorded.');

INSERT INTO cooler (id, vendor, name, price_usd, price_date, year, source, note, kind, height_mm, radiator_mm, sockets, tdp_rating_w) VALUES
('coolermaster-hyper-212-spectrum-v3', 'Cooler Master', 'Hyper 212 Spectrum V3', 16.98, '2025-07', NULL, 'cooler-opendb-2026',
 'Single-tower air cooler with one 120 mm fan (RR-S4NA-17PA-R1): 152 mm high; AM4, AM5, LGA1700 and LGA1851 mounting (cooler-opendb-2026, checked against the Cooler Master tech specs). Rated heat load not published in the sources read: NULL. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (cooler-pcpp-2025-07).',
 'air', 152, NULL, 'AM4,AM5,LGA1700,LGA1851', NULL);

-- SP3 (EPYC 7002/7003): the socket of the second-hand multi-GPU rigs.  The
-- NH-U14S TR4-SP3 above now lists SP3; a server tower bought with an SP3 build.
INSERT INTO source (id, title, url, note) VALUES
('cooler-space-lab-2026-07', 'Unleashing Bare-Metal AI: Building a Local Research Server (personal blog post in a public GitHub site, dated 2026-07-31)', NULL, 'Bill of materials: AMD EPYC Rome 7532 on a Gigabyte MZ01-CE1 SP3 DDR4 board, cooled by a Noctua NH-U14S TR4-SP3; Sluice V.2 12-GPU mining rig frame; GLOTRENDS 200 mm PCIe 4.0 x16 riser cables; CORSAIR HX1500i. Total about 5,000 USD (no per-part prices). Repository URL not recorded by the lookup tool.'),
('cooler-jamesob-local-llm-2026-07', 'jamesob/local-llm README, "Base system" table (commits of 2026-07-03 to 2026-07-10; read at 4172e40)', 'https://github.com/jamesob/local-llm/blob/4172e40/README.md', '"Dynatron T17 SP3 tower, 280W TDP" bought for 40 USD with an EPYC 7313P on an ASRock Rack ROMED8-2T, base-system parts "purchased in parts almost entirely from eBay" (July 2026).');

INSERT INTO cooler (id, vendor, name, price_usd, price_date, year, source, note, kind, height_mm, radiator_mm, sockets, tdp_rating_w) VALUES
('dynatron-t17', 'Dynatron', 'T17 (SP3 tower)', NULL, NULL, NULL, 'cooler-jamesob-local-llm-2026-07',
 'Server tower air cooler for SP3, rated 280 W, as listed in a published July 2026 build (EPYC 7313P on an ASRock Rack ROMED8-2T); the rating and socket come from that list, not a Dynatron page (SECONDARY). Height not in a source read (NULL: clearance unchecked). No new price read: reaches a build through its used offer (eBay, 2026-07).',
 'air', NULL, NULL, 'SP3', 280);

INSERT INTO price_offer (part_id, condition, price_usd, price_date, market, source, note) VALUES
('dynatron-t17', 'used', 40, '2026-07', 'eBay (owner purchase)', 'cooler-jamesob-local-llm-2026-07', 'Price paid in a published build whose base-system parts were bought "almost entirely from eBay" (README dated July 2026); condition not itemised, stored as used.');
