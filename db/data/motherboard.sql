-- Motherboards: slot maps (board_slot), M.2 sockets (board_m2) and lane sharing
-- (board_lane_share).  position counts expansion-slot positions from the CPU
-- (1 = the top position).  Sources and what each supports: db/SOURCES.md.
-- Rows whose note says UNVERIFIED carry figures that no source read here confirms
-- (vendor pages could not be re-read); check them against the vendor page and the
-- manual's layout drawing before relying on them.

INSERT INTO source (id, title, url, note) VALUES
('mb-rtx6kpro-notes', 'voipmonitor/rtx6kpro: community knowledge base of RTX PRO 6000 multi-GPU builds (public GitHub markdown; hardware/pcie-bandwidth.md, hardware/gpu-configs.md, hardware/epyc9124-direct-attach.md at commit 29f3863 of 2026-05-04)', 'https://github.com/voipmonitor/rtx6kpro/tree/29f3863a371d43dfa3c21899911225894037deed/hardware', 'SECONDARY: owners'' reports, not the vendors'' documents. pcie-bandwidth.md (BIOS settings for the PRO WS WRX90E-SAGE SE): "slot 6 is limited to Gen5 x8 speed"; gpu-configs.md, motherboard table: WRX90E-SAGE SE, 7x PCIe, "Slot 6 limited to Gen5 x8". epyc9124-direct-attach.md: a Gigabyte G493-ZB0 (board MZB3-G43-000, 2x EPYC 9124) with 8 GPUs, each on its own CPU root port (LnkCap 32GT/s x16), four per socket, no PCIe switches.'),
('mb-hwcooling-w790', 'HWCooling: Return of Intel''s HEDT: W790, Xeon W-2400 and W-3400 processors', 'https://www.hwcooling.net/en/return-of-intels-hedt-w790-xeon-w-2400-and-w-3400-processors/', 'W790 is the Mainstream Workstation platform of Xeon W-2400 and W-3400, succeeding Xeon W-2200 and the X299 HEDT platform; the server Xeon Scalable parts sit on their own platforms.'),
('mb-supermicro-h13dsg-faq', 'Supermicro FAQ on P2P bandwidth in the AS-4125GS-TNRT (H13DSG-O-CPU) with RTX A6000 cards (public copy)', 'https://www.supermicro.com/support/faqs/', 'Names the AS-4125GS-TNRT system board: H13DSG-O-CPU.'),
('mb-tpd-gpu-server-table', 'GPU server comparison table extracted from document TPD-DMV-GEN-001.v1 (public GitHub JavaScript data file; document last reviewed 2025-05-19, extracted 2026-08-10)', NULL, 'Per server: CPUs, memory slots, network, power supplies (count x W), height, GPUs supported and an estimated price. AS-4125GS-TNRT: 2 x EPYC 9004, 24 DIMM slots, 4 x 2000 W, 4U, 8 PCIe Gen5 GPUs, 12,000 USD. G493-ZB0: 2 x EPYC 9004, 24 DIMM slots, 4 x 3000 W, 4U, 8 PCIe Gen5 GPUs, 15,300 USD. The file warns that its prices are the document''s historical estimates. Repository URL not recorded by the lookup tool.'),
('mb-pcpp-2025-07', 'PCPartPicker motherboard listings, lowest US price per SKU as scraped on 2025-07-23 (docyx/pc-part-dataset, data/csv/motherboard.csv; README: "Last updated: July 23, 2025")', 'https://github.com/docyx/pc-part-dataset/blob/06ffc8eec068db5e8145e012ad2ec11e56a7c969/data/csv/motherboard.csv', 'Price tracker snapshot (name, price USD, socket, form factor, max memory, slots, colour). First 112,000 of 273,399 characters read (the file is sorted by popularity). Rows read: ASUS ProArt Z890-CREATOR WIFI 489.99, ProArt Z790-CREATOR WIFI 693.83, ProArt X870E-CREATOR WIFI 517.99; GIGABYTE Z790 AORUS MASTER 520.99 (EATX); MSI MEG X670E ACE 369.99 (EATX). Listed without a price: ASUS ProArt X670E-CREATOR WIFI and PRIME X670-P (the PRIME X670-P WIFI, a different SKU, was 269.99). No WRX90, WRX80, TRX50, W790, W680 or SP5/LGA4677 server boards in the part read (TRX40 and older HEDT boards are listed).'),
('mb-pcpp-2024-05', 'PCPartPicker motherboard listings, lowest US price per SKU as scraped on 2024-05-14 (docyx/pc-part-dataset, data/csv/motherboard.csv; README: "Last updated: May 14, 2024")', 'https://github.com/docyx/pc-part-dataset/blob/f810caf26b91bbbfe44a544396c7c24735f74b74/data/csv/motherboard.csv', 'Price tracker snapshot, searched for the boards the 2025-07 snapshot lists without a price. Rows read: Gigabyte B650M GAMING X AX 214.86; Asus PRIME X670-P 221.02 (PRIME X670-P WIFI 209.99; the -CSM variants unpriced). No row for the Pro WS W680-ACE, Pro WS WRX80E-SAGE SE WIFI, Supermicro X13SWA-TF or server boards.'),
('mb-asus-wrx90e-sage-se', 'ASUS Pro WS WRX90E-SAGE SE - tech specs', 'https://www.asus.com/motherboards-components/motherboards/workstation/pro-ws-wrx90e-sage-se/techspec/', NULL),
('mb-peerip-wrx90e-sage-se', 'ASUS WRX90E-SAGE SE review for 4-way RTX 4090 AI nodes (peerip.com)', 'https://peerip.com/asus-wrx90e-sage-se-review-for-4-way-rtx-4090-ai-nodes-linux/', 'Seven mechanical x16 slots, six wired PCIe 5.0 x16; up to 2 TB DDR5 ECC RDIMM.'),
('mb-arcpro-slot-pitch-study', 'Which motherboards actually take 4 double-width Arc Pro cards (public GitHub markdown; slot pitch measured on the vendor manuals'' layout drawings)', NULL, 'WRX90E-SAGE SE: sTR5, EEB, 7x PCIe 5.0 x16 at 20.3 mm pitch, 8x DDR5 RDIMM, dual 10GbE, AST2600; ASUS manual 4-way VGA = slots 1,3,5,7. W790E-SAGE SE: same 7-slot layout (20.7 mm); W-3400 x16/x16/x16/x16/x16/x8/x16, W-2400 only slots 1,3,5,7 at x16. H13SSL-N: 3x x16 + 2x x8 consecutive (20.05 mm), 3 double-width cards. GENOAD8X-2T/BCM: EEB, 7x x16 + 1x x8 (short, closed-ended) consecutive (20.2 mm), 8 DDR5 slots; 4 double-width cards need 9 bracket positions. Repository URL not recorded by the lookup tool.'),
('mb-wrx90e-build-brief', 'Build brief for a WRX90E-SAGE SE machine (public GitHub markdown, from the ASUS manual and owner records)', NULL, 'Seven physical x16 slots PCIEX16(G5)_1.._7, _7 the last; two 3-slot cards in PCIEX16(G5)_3 and _7 leave one empty slot width between them; EEB 305 x 330 mm; DIMM_A1..H1. Repository URL not recorded by the lookup tool.'),
('mb-newegg-buildlog-2026', 'Public workstation build log (GitHub markdown) itemising Newegg receipts of 2026-04-12', NULL, 'ASUS Pro WS WRX90E-SAGE SE bought at 1,246.99 USD. Same log as cpu-newegg-buildlog-2026. Repository URL not recorded by the lookup tool.'),
('mb-proposalsapp-hardware', 'proposals-app/proposalsapp docs/hardware.md: ASUS PRIME X670-P table (quotes the ASUS spec)', 'https://github.com/proposals-app/proposalsapp/blob/HEAD/docs/hardware.md', 'ATX, X670, 4 DIMM max 192 GB; PCIe 4.0 x16 slot (x16 mode); two PCIe 4.0 x16 slots (x4 mode); PCIe 3.0 x1; M.2 1x PCIe 5.0 x4 + 2x PCIe 4.0 x4; Realtek 2.5Gb.'),
('mb-homelab-platform-research-2026', 'Platform research: dual NVIDIA GPU + SAS HBA NixOS server (public GitHub markdown, US market snapshot 2026-07-12)', NULL, 'ProArt X870E-CREATOR manual (E23930): two CPU PCIe 5.0 x16 slots x16 or x8/x8, chipset x16 slot at PCIe 4.0 x4, 10GbE + 2.5GbE. Gigabyte TRX50 AERO D listed at 577.99 USD (current example, via pangoly.com). Used ASUS W790 SAGE SE board around 800 USD (June 2026 hardwareswap listing). Repository URL not recorded by the lookup tool.'),
('mb-x870e-build-notes', 'Public build notes quoting the ASUS ProArt X870E-CREATOR WIFI spec page (several GitHub markdown files)', NULL, 'PCIEX16(G5)_1 x8 once slot 2 is used; PCIEX16(G5)_2 x8, or x4 when M.2_2 is used; chipset x16 slot at PCIe 4.0 x4 with no sharing; M.2_1/M.2_2 CPU PCIe 5.0 x4, M.2_3/M.2_4 chipset PCIe 4.0 x4. One note states the physical spacing as unverified. Repository URLs not recorded by the lookup tool.'),
('mb-gigabyte-mz73-lm0-manual', 'GIGABYTE MZ73-LM0 / MZ73-LM1 user manuals and MZ73-LM0 rev 3.x datasheet (as summarised in a public index of 2P EPYC manuals, 2026-08-22)', 'https://download.gigabyte.com/FileList/Manual/server_manual_e_mz73lm0_lm1_e_v1.0.pdf', 'Dual EPYC 9004 (rev 3.x: 9005/9004, cTDP up to 400 W), 2x SP5; 24 DIMM, 12 channels per CPU; four PCIe x16, two from CPU0 and two from CPU1 (rev 3.0: 4x PCIe Gen5 x16 + 2x MCIO 8i from CPU_1); with one CPU some PCIe or memory functions are unavailable. Rev 3.0 manual: https://download.gigabyte.com/FileList/Manual/server_manual_e_mz73lm0_e_v3.0.pdf'),
('mb-mz73-lm0-ebay-note', 'AI server build note (public GitHub markdown) with an eBay listing "Gigabyte MZ73-LM0 Rev 2.0 DP EATX SP5 Server Motherboard"', 'https://www.ebay.com/itm/125950923786', 'Listing title gives DP (dual-processor) and EATX; listed at 1,700 USD, date of the listing not recorded.'),
('mb-x13swa-tf-marquis', 'The GPU Server: Marquis C543-GTT host description (public GitHub page)', NULL, 'Supermicro X13SWA-TF W790 board ("ATX" in that page); 6x PCIe x16 v5; onboard Intel i210-AT 1G and Marvell AQC113 10G; 8x DDR5-4800 ECC RDIMM installed. Repository URL not recorded by the lookup tool.'),
('mb-x13swa-tf-hostnotes', 'Hardware notes of a Supermicro SYS-551A-T / X13SWA-TF inference host (public GitHub markdown, 2026-09)', NULL, 'Onboard Intel I210 1GbE and Marvell AQC113C 10GbE; four GPUs at PCIe 5.0 x16 on different CPU root ports, one NUMA node. Repository URL not recorded by the lookup tool.'),
('mb-trx50-aero-d-hwmap', 'Homelab hardware map (public GitHub markdown): Gigabyte TRX50 AERO D rev 1.x', 'https://www.gigabyte.com/Motherboard/TRX50-AERO-D-rev-1x', 'Owner''s map linking the Gigabyte spec page: 4x DDR5 RDIMM only (quad channel), 1 TB max; 3x PCIe 5.0 x16 CPU-direct (PCIE1..3); 4x M.2 PCIe 5.0 x4; Marvell AQC113CS 10GbE-capable NIC + Realtek RTL8125 2.5GbE; Wi-Fi 7; 2x USB4. Repository URL not recorded by the lookup tool.'),
('mb-trx50-sage-build', 'Workstation build plan with toppreise.ch prices (public GitHub markdown)', 'https://www.toppreise.ch/price-comparison/Motherboards/ASUS-Pro-WS-TRX50-SAGE-WIFI-AMD-TRX50-90MB1FZ0-M0EAY0-p756606', 'ASUS Pro WS TRX50-SAGE WIFI (90MB1FZ0-M0EAY0): "CEB form factor", "4 DDR5 slots", listed as "CEB, 4x PCIe 5.0 x16" at CHF 642; full x16/x16 for two GPUs. Another public BOM says 3x PCIe 5.0 x16 (conflict).'),
('mb-asrock-wrx90-ws-evo', 'ASRock WRX90 WS EVO - specifications', 'https://www.asrock.com/mb/AMD/WRX90%20WS%20EVO/index.asp#Specification', NULL),
('mb-asus-wrx80e-sage-se-wifi', 'ASUS Pro WS WRX80E-SAGE SE WIFI - tech specs', 'https://www.asus.com/motherboards-components/motherboards/workstation/pro-ws-wrx80e-sage-se-wifi/techspec/', NULL),
('mb-asus-w790e-sage-se', 'ASUS Pro WS W790E-SAGE SE - tech specs', 'https://www.asus.com/motherboards-components/motherboards/workstation/pro-ws-w790e-sage-se/techspec/', NULL),
('mb-asus-proart-x670e-creator', 'ASUS ProArt X670E-CREATOR WIFI - tech specs', 'https://www.asus.com/motherboards-components/motherboards/proart/proart-x670e-creator-wifi/techspec/', NULL),
('mb-asus-proart-x870e-creator', 'ASUS ProArt X870E-CREATOR WIFI - tech specs', 'https://www.asus.com/motherboards-components/motherboards/proart/proart-x870e-creator-wifi/techspec/', NULL),
('mb-nexthardware-x870e-creator', 'ASUS ProArt X870E-CREATOR WIFI review, page 4 (nexthardware.com)', 'https://www.nexthardware.com/recensioni/asus-proart-x870e-creator-wifi-1718/4', 'Four DIMM slots up to 192 GB DDR5; two PCIe 5.0 x16 slots wired to the CPU; four M.2 slots; X870E as two Promontory 21 chips.'),
('mb-asus-prime-x670-p', 'ASUS PRIME X670-P - tech specs', 'https://www.asus.com/motherboards-components/motherboards/prime/prime-x670-p/techspec/', NULL),
('mb-hwluxx-am5-chipsets', 'Hardwareluxx: ASUS ROG Strix X670E-F Gaming WiFi im Test, AM5 chipset table', 'https://hardwareluxx.de/index.php/artikel/hardware/mainboards/60087-asus-rog-strix-x670e-f-gaming-wifi-im-test.html?start=1', 'X670(E): two Promontory 21 chips with 12 PCIe 4.0 lanes for the board maker, linked to the CPU by PCIe 4.0 x4; CPU 16 lanes as 1x16 or 2x8.'),
('mb-asus-proart-z790-creator', 'ASUS ProArt Z790-CREATOR WIFI - tech specs', 'https://www.asus.com/motherboards-components/motherboards/proart/proart-z790-creator-wifi/techspec/', NULL),
('mb-asus-proart-z890-creator', 'ASUS ProArt Z890-CREATOR WIFI - tech specs', 'https://www.asus.com/motherboards-components/motherboards/proart/proart-z890-creator-wifi/techspec/', NULL),
('mb-gigabyte-z790-aorus-master', 'GIGABYTE Z790 AORUS MASTER (rev. 1.0) - specification', 'https://www.gigabyte.com/Motherboard/Z790-AORUS-MASTER-rev-10/sp', NULL),
('mb-msi-meg-x670e-ace', 'MSI MEG X670E ACE - specifications', 'https://www.msi.com/Motherboard/MEG-X670E-ACE/Specification', NULL),
('mb-asus-pro-ws-w680-ace', 'ASUS Pro WS W680-ACE - tech specs', 'https://www.asus.com/motherboards-components/motherboards/workstation/pro-ws-w680-ace/techspec/', NULL),
('mb-supermicro-h13ssl-n', 'Supermicro H13SSL-N motherboard - specifications', 'https://www.supermicro.com/en/products/motherboard/H13SSL-N', NULL),
('mb-h13ssl-n-newegg-2025-01', 'Build list with Newegg prices, January 2025 (pastebin 64ERmKgf)', 'https://pastebin.com/64ERmKgf', 'Supermicro MBD-H13SSL-N at $659 on Newegg (N82E16813183819).'),
('mb-dell-t640-ism', 'Dell PowerEdge T640 Installation and Service Manual - system memory guidelines', 'https://www.dell.com/support/manuals/en-us/poweredge-t640/pet640_ism_pub/system-memory-guidelines?guid=guid-a79fd0d7-1791-4771-96ed-03156cf48249&lang=en-us', '24 memory sockets, two sets of 12 (one per processor), six channels per processor; DDR4 RDIMM, LRDIMM, NVDIMM-N.'),
('mb-seed-004-dell', 'Dell enterprise article on deep-learning platforms (2019, in Chinese): Tesla P100 + PowerEdge T640, DSS8440', NULL, 'A single PowerEdge T640 supports up to 4 P100 or V100; DSS8440 is a 2-socket 4U server with up to 10 accelerators (10 V100).'),
('mb-skyward-dss8440', 'Dell EMC DSS 8440 4U GPU server overview (skywardtel.com)', 'https://www.skywardtel.com/4U-GPU-server-DSS-8440.html', 'Two-socket 4U; four PCIe switches; 10 double-width full-length GPUs inside; 9 rear PCIe slots (8 full-height, 1 half-height).'),
('mb-heise-dss8440', 'iX 4/2020: Dell EMC DSS 8440 mit NVIDIA-GPUs (heise.de)', 'https://www.heise.de/select/ix/2020/4/1926210230123553421', 'Up to 10 V100 or 16 T4; main board of the PowerEdge C4140 with two Xeon Gold 6148 and four PCIe switches for the GPUs.'),
('mb-rig-upgrade-notes-2026-04', 'LLM orchestration rig upgrade notes, "Threadripper build with dual GPUs" section with April 2026 pricing (public GitHub markdown)', NULL, 'Boards confirmed with approximate street prices: ASUS Pro WS TRX50-SAGE WiFi ~$850, Gigabyte TRX50 AERO D ~$750, ASRock TRX50 WS ~$650, ASUS Pro WS WRX90E-SAGE SE ~$1,350, ASRock WRX90 WS EVO ~$1,200; section headed April 2026 DRAM crisis pricing. Approximate (~) figures, not receipts. Repository URL not recorded by the lookup tool.'),
('mb-secant-node-plan-2026-08', 'Dual RTX 5080 Secant System ID node: purchase plan, decision date 2026-08-27 (public GitHub markdown, MIT, Charles Durham)', 'https://www.bhphotovideo.com/c/product/1855749-REG/asus_proart_x870e_creator_wifi_motherboard.html', 'Parts table "Planning price": ASUS ProArt X870E-Creator WiFi $495, at the prices observed on 2026-08-27; the plan links the B&H listing of the board (URL stored). Repository URL not recorded by the lookup tool.'),
('mb-causal-atlas-specs-2025-03', 'Causal Atlas research doc 09, Linux machine specifications, "Specific Hardware Recommendations (March 2025 Pricing)" (public GitHub markdown)', NULL, 'Ideal build table: ASUS ProArt X670E-Creator WiFi $400 under a "Price (est.)" column; the section 2.3 table gives $350-450 for "ProArt X670E-Creator WiFi or Gigabyte X670E Aorus Master". Estimates, not a listing. Repository URL not recorded by the lookup tool.');

INSERT INTO motherboard (id, vendor, name, price_usd, price_date, year, source, note, socket, cpu_sockets, chipset, form_factor, memory_type, memory_slots, max_memory_gb, rdimm, ecc, expansion_positions, m2_slots, onboard_network, chipset_lanes) VALUES
('asus-pro-ws-wrx90e-sage-se', 'ASUS', 'Pro WS WRX90E-SAGE SE', 1246.99, '2026-04', 2023, 'mb-asus-wrx90e-sage-se',
 'Price: Newegg receipt of 2026-04-12 (mb-newegg-buildlog-2026). EEB, 8x DDR5 RDIMM ECC, dual 10GbE, AST2600 BMC, 7x PCIe 5.0 x16 slots at single pitch, PCIEX16(G5)_n at position n, 4-way VGA in slots 1/3/5/7 (mb-arcpro-slot-pitch-study, mb-wrx90e-build-brief). Six slots wired x16 and one x8 (peerip); the x8 one is slot 6 (mb-rtx6kpro-notes: owners of the board report that slot 6 is limited to Gen5 x8; SECONDARY, no ASUS copy read). The four PCIe 5.0 M.2 and the NIC controller model (Intel X710-AT2) are UNVERIFIED.',
 'sTR5', 1, 'WRX90', 'EEB', 'DDR5', 8, 2048, 1, 1, 7, 4, '2x 10GbE (Intel X710-AT2)', NULL),
('asrock-wrx90-ws-evo', 'ASRock', 'WRX90 WS EVO', 1200, '2026-04', 2023, 'mb-asrock-wrx90-ws-evo',
 'UNVERIFIED: seven PCIe 5.0 x16 slots all at x16, 8 DIMM / 2 TB, two CPU M.2 and dual 10GbE entered from the ASRock specification without a re-readable copy. Price: approximate street price (~1,200 USD) quoted in a dated April 2026 build-planning note (mb-rig-upgrade-notes-2026-04), not a receipt.',
 'sTR5', 1, 'WRX90', 'EEB', 'DDR5', 8, 2048, 1, 1, 7, 2, '2x 10GbE (Intel X710-AT2)', NULL),
('asus-pro-ws-wrx80e-sage-se-wifi', 'ASUS', 'Pro WS WRX80E-SAGE SE WIFI', NULL, NULL, 2021, 'mb-asus-wrx80e-sage-se-wifi',
 'UNVERIFIED: seven PCIe 4.0 x16 slots at x16 from the 128-lane Threadripper PRO, 8 DIMM DDR4 RDIMM up to 2 TB, three onboard M.2, dual 10GbE. Price NULL (discontinued; used market).',
 'sWRX8', 1, 'WRX80', 'EEB', 'DDR4', 8, 2048, 1, 1, 7, 3, '2x 10GbE (Intel X550-AT2)', NULL),
('asus-pro-ws-w790e-sage-se', 'ASUS', 'Pro WS W790E-SAGE SE', NULL, NULL, 2023, 'mb-asus-w790e-sage-se',
 'Slot map from mb-arcpro-slot-pitch-study: seven x16 slots at single pitch (20.7 mm), x16/x16/x16/x16/x16/x8/x16 with a Xeon W-3400 (stored); with a Xeon W-2400 only slots 1, 3, 5, 7 are active, at x16 (slots 2, 4, 6 off; not expressible as a lane-share row). Price: no dated new price read; a used-market listing around 800 USD (June 2026, mb-homelab-platform-research-2026) is a used price offer, so the advisor prices it only when second-hand parts are allowed. M.2 list, NIC model and 2 TB limit UNVERIFIED.',
 'LGA4677', 1, 'W790', 'EEB', 'DDR5', 8, 2048, 1, 1, 7, 2, '2x 10GbE (Intel X710-AT2)', NULL),
('asus-proart-x670e-creator-wifi', 'ASUS', 'ProArt X670E-CREATOR WIFI', 400, '2025-03', 2022, 'mb-asus-proart-x670e-creator',
 'CPU x16 lanes as x16 or x8/x8 (X670E platform, Hardwareluxx). Third slot PCIe 4.0 x2 from the chipset and slot positions UNVERIFIED against the ASUS page/manual. ECC and non-ECC unbuffered DDR5; 192 GB with current BIOS (128 GB at launch). Price: estimated street price, 400 USD, from a build table headed March 2025 pricing (mb-causal-atlas-specs-2025-03; the same doc gives a 350-450 USD range); an estimate, not an observed listing.',
 'AM5', 1, 'X670E', 'ATX', 'DDR5', 4, 192, 0, 1, 7, 4, '10GbE (Marvell AQtion AQC113CS) + 2.5GbE (Intel I225-V)', 12),
('asus-proart-x870e-creator-wifi', 'ASUS', 'ProArt X870E-CREATOR WIFI', 495, '2026-08', 2024, 'mb-asus-proart-x870e-creator',
 'Two CPU PCIe 5.0 x16 slots (x16 or x8/x8) and a chipset x16 slot at PCIe 4.0 x4 (ASUS manual via mb-homelab-platform-research-2026; mb-x870e-build-notes); M.2_2 shares lanes with the second slot (x4 when M.2_2 is used). Max 192 GB (nexthardware). Slot positions UNVERIFIED. One owner hardware map lists the 2.5GbE chip as Realtek RTL8125 rather than Intel I226-V: 2.5GbE controller UNVERIFIED. Price: 495 USD, a planning price at street prices observed 2026-08-27 in a dated purchase plan linking the B&H listing (mb-secant-node-plan-2026-08); not a receipt.',
 'AM5', 1, 'X870E', 'ATX', 'DDR5', 4, 192, 0, 1, 7, 4, '10GbE (Marvell AQtion AQC113C) + 2.5GbE (Intel I226-V)', 12),
('asus-prime-x670-p', 'ASUS', 'PRIME X670-P', 221.02, '2024-05', 2022, 'mb-asus-prime-x670-p',
 'Slot widths, M.2 list, 192 GB and Realtek 2.5GbE confirmed by mb-proposalsapp-hardware (quotes the ASUS spec). That table does not say which x4 slots and M.2 hang off the CPU or the chipset: the attachments stored (x4 slots and third M.2 on the chipset, second M.2 on the CPU) and all positions are UNVERIFIED. Price: street price, lowest PCPartPicker US listing on 2024-05-14 (mb-pcpp-2024-05) for the PRIME X670-P without Wi-Fi; listed without a price on 2025-07-23 (the WIFI model was 269.99 then). A 2024 listing: treat as indicative.',
 'AM5', 1, 'X670', 'ATX', 'DDR5', 4, 192, 0, 1, 7, 3, '2.5GbE (Realtek)', 12),
('asus-proart-z790-creator-wifi', 'ASUS', 'ProArt Z790-CREATOR WIFI', 693.83, '2025-07', 2022, 'mb-asus-proart-z790-creator',
 'UNVERIFIED: two CPU PCIe 5.0 x16 slots (x16 or x8/x8) and one chipset PCIe 4.0 x16 slot at x4; M.2 list and positions not confirmed. Z790 takes non-ECC UDIMM only. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (mb-pcpp-2025-07).',
 'LGA1700', 1, 'Z790', 'ATX', 'DDR5', 4, 192, 0, 0, 7, 4, '10GbE (Marvell AQtion AQC113CS) + 2.5GbE (Intel I226-V)', NULL),
('asus-proart-z890-creator-wifi', 'ASUS', 'ProArt Z890-CREATOR WIFI', 489.99, '2025-07', 2024, 'mb-asus-proart-z890-creator',
 'UNVERIFIED: two CPU PCIe 5.0 x16 slots (x16 or x8/x8) and one chipset PCIe 4.0 x16 slot at x4; M.2 list, any M.2/slot sharing and positions not confirmed. Non-ECC UDIMM/CUDIMM. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (mb-pcpp-2025-07).',
 'LGA1851', 1, 'Z890', 'ATX', 'DDR5', 4, 192, 0, 0, 7, 4, '10GbE (Marvell AQtion) + 2.5GbE (Intel)', NULL),
('gigabyte-z790-aorus-master', 'Gigabyte', 'Z790 AORUS MASTER', 520.99, '2025-07', 2022, 'mb-gigabyte-z790-aorus-master',
 'UNVERIFIED: one CPU PCIe 5.0 x16 slot that drops to x8 when the CPU Gen5 M.2 (M2A_CPU) is used, two chipset PCIe 4.0 x4 slots in x16 connectors; positions not confirmed. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (mb-pcpp-2025-07).',
 'LGA1700', 1, 'Z790', 'E-ATX', 'DDR5', 4, 192, 0, 0, 7, 5, '10GbE (Marvell AQtion AQC113C)', NULL),
('msi-meg-x670e-ace', 'MSI', 'MEG X670E ACE', 369.99, '2025-07', 2022, 'mb-msi-meg-x670e-ace',
 'UNVERIFIED: PCI_E1 PCIe 5.0 x16 and PCI_E2 PCIe 5.0 x8 from the CPU (x8/x8 when both used), PCI_E3 PCIe 4.0 x4 from the chipset; M.2 list and positions not confirmed. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (mb-pcpp-2025-07).',
 'AM5', 1, 'X670E', 'E-ATX', 'DDR5', 4, 192, 0, 1, 7, 4, '10GbE (Marvell AQtion AQC113C) + 2.5GbE (Intel I225-V)', 12),
('asus-pro-ws-w680-ace', 'ASUS', 'Pro WS W680-ACE', NULL, NULL, 2022, 'mb-asus-pro-ws-w680-ace',
 'UNVERIFIED: two CPU PCIe 5.0 x16 slots (x16 or x8/x8) and one chipset x16 slot at x4; ECC UDIMM with W680; M.2 list, NIC and positions not confirmed. Price NULL.',
 'LGA1700', 1, 'W680', 'ATX', 'DDR5', 4, 192, 0, 1, 7, 3, '2x 2.5GbE (Intel)', NULL),
('supermicro-h13ssl-n', 'Supermicro', 'H13SSL-N', 659, '2025-01', 2022, 'mb-supermicro-h13ssl-n',
 'Price: Newegg, January 2025 (build list). Three PCIe x16 and two x8 slots in five consecutive single-pitch positions, taking three double-width cards (mb-arcpro-slot-pitch-study), which fits only the alternating x16/x8/x16/x8/x16 order stored. PCIe 5.0 on all five, 12 DIMM up to 3 TB, two M.2 (lane count), CEB 12x10.5 in and the first slot at position 3 are UNVERIFIED. -NT variant has 2x 10GbE.',
 'SP5', 1, NULL, 'CEB', 'DDR5', 12, 3072, 1, 1, 7, 2, '2x 1GbE (Broadcom BCM5720)', NULL),
('dell-poweredge-t640-board', 'Dell', 'PowerEdge T640 system board', NULL, NULL, 2017, 'mb-dell-t640-ism',
 'Not sold separately (price NULL). 24 DIMM sockets, 12 per processor, DDR4 RDIMM/LRDIMM (Dell ISM). Up to 4 double-width GPUs (seed 004). Only the four GPU-capable x16 slots are modelled, laid out as double-width positions 1,3,5,7, two per processor; the full slot table of the T640 ISM (slot widths, which slots need CPU2) is UNVERIFIED and not modelled.',
 'LGA3647', 2, 'C620', 'dell-t640', 'DDR4', 24, NULL, 1, 1, 8, 0, NULL, NULL),
('dell-dss8440-board', 'Dell', 'DSS 8440 system board', NULL, NULL, 2019, 'mb-skyward-dss8440',
 'Not sold separately (price NULL). Two sockets; 10 double-width full-length GPUs behind four PCIe switches (skywardtel, heise); board shared with the PowerEdge C4140 (heise). GPU slots modelled as 10 x16 slots at consecutive double-width positions 1,3,...,19 (the GPU bays are not a linear bracket row); the 5/5 split between the two CPUs is UNVERIFIED. The 9 rear I/O slots are not modelled. 24 DIMMs per the DSS 8440 spec (not re-read).',
 'LGA3647', 2, 'C620', 'dell-dss8440', 'DDR4', 24, NULL, 1, 1, 20, 0, NULL, NULL),
('asrock-rack-genoad8x-2t-bcm', 'ASRock Rack', 'GENOAD8X-2T/BCM', NULL, NULL, NULL, 'mb-arcpro-slot-pitch-study',
 'Single SP5 (ASRock manual GENOAD8X-2TBCM.pdf, per the 2P manuals index). EEB, 8 DDR5 slots (8 of the 12 SP5 channels); 7x x16 + 1x x8 slots at single pitch in eight consecutive positions; the x8 is short and closed-ended. Four double-width cards need a ninth bracket position, which places the x8 at the top (position 1) and the x16 slots at 2..8: derived, UNVERIFIED against the layout drawing. PCIe 5.0 on all slots per public build notes. M.2 sockets not read (m2_slots 0 = not modelled); onboard NIC model not read (the /BCM suffix names the Broadcom 10GbE variant); max memory and price NULL.',
 'SP5', 1, NULL, 'EEB', 'DDR5', 8, NULL, 1, 1, 8, 0, NULL, NULL),
('gigabyte-mz73-lm0', 'Gigabyte', 'MZ73-LM0 (rev. 3.x)', NULL, NULL, NULL, 'mb-gigabyte-mz73-lm0-manual',
 'Dual SP5, 24 DIMM (12 channels per CPU), four PCIe 5.0 x16 slots: two from CPU0 (stored cpu1) and two from CPU1 (stored cpu2); with one CPU the second CPU''s slots are unavailable. E-ATX per the eBay listing title (mb-mz73-lm0-ebay-note, rev 2.0). Slot positions and which two slots belong to which CPU are UNVERIFIED (stored as positions 4-7, CPU0 pair on top). M.2 and onboard NIC not read (m2_slots 0 = not modelled). eBay listing at 1,700 USD had no date: price NULL.',
 'SP5', 2, NULL, 'E-ATX', 'DDR5', 24, NULL, 1, 1, 7, 0, NULL, NULL),
('supermicro-x13swa-tf', 'Supermicro', 'X13SWA-TF', NULL, NULL, NULL, 'mb-x13swa-tf-marquis',
 'W790, LGA4677; 6x PCIe 5.0 x16 slots (mb-x13swa-tf-marquis); onboard Intel i210 1GbE + Marvell AQC113 10GbE (two sources); a SYS-551A-T runs four GPUs at PCIe 5.0 x16 on separate root ports (mb-x13swa-tf-hostnotes). Electrical x16 on all six, slot positions 1-6 and memory_slots 8 (eight RDIMMs installed in both hosts read; the DIMM count of the board is not stated) are UNVERIFIED. Form factor: one source says ATX; stored E-ATX, UNVERIFIED. M.2 not read (m2_slots 0 = not modelled). Price NULL.',
 'LGA4677', 1, 'W790', 'E-ATX', 'DDR5', 8, NULL, 1, 1, 7, 0, '10GbE (Marvell AQC113) + 1GbE (Intel i210)', NULL),
('gigabyte-trx50-aero-d', 'Gigabyte', 'TRX50 AERO D', 577.99, '2026-07', NULL, 'mb-trx50-aero-d-hwmap',
 'Price: US example in a 2026-07-12 platform snapshot (mb-homelab-platform-research-2026). 4 DDR5 RDIMM slots (quad channel, RDIMM only), 1 TB max, three PCIe 5.0 x16 slots wired to the CPU, four M.2 PCIe 5.0 x4, 10GbE-capable Marvell AQC113CS + Realtek 2.5GbE, Wi-Fi 7, USB4: owner hardware map. UNVERIFIED against the Gigabyte page: slot positions (stored 1/4/7), and that slot 3 and all four M.2 are Gen5 from the CPU (three Gen5 x16 slots plus four Gen5 M.2 exceed what the owner map itself implies). E-ATX per a retail listing title.',
 'sTR5', 1, 'TRX50', 'E-ATX', 'DDR5', 4, 1024, 1, 1, 7, 4, '10GbE (Marvell AQC113CS) + 2.5GbE (Realtek RTL8125)', NULL),
('asus-pro-ws-trx50-sage-wifi', 'ASUS', 'Pro WS TRX50-SAGE WIFI', 850, '2026-04', NULL, 'mb-trx50-sage-build',
 'CEB, 4 DDR5 RDIMM slots (mb-trx50-sage-build); ASUS part 90MB1FZ0-M0EAY0. Only the PCIe 5.0 x16 CPU slots that both public BOMs agree on (three) are modelled, at x16; one listing says four PCIe 5.0 x16. The full slot list, widths beyond these three, positions (stored 1/3/5), NIC and memory limit are UNVERIFIED/not modelled. M.2: three sockets, two PCIe 5.0 x4 and one PCIe 4.0 x4, as listed by mb-opendb-2026 (an entry not marked as checked by hand: UNVERIFIED); which of them hang off the processor or the TRX50 is not in a source read (attachment NULL). Swiss price CHF 642 not converted. Price: approximate street price (~850 USD) quoted in a dated April 2026 build-planning note (mb-rig-upgrade-notes-2026-04), not a receipt.',
 'sTR5', 1, 'TRX50', 'CEB', 'DDR5', 4, NULL, 1, 1, 7, 3, NULL, NULL);

INSERT INTO board_slot (board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note) VALUES
('asus-pro-ws-wrx90e-sage-se', 1, 16, 16, 5, 'cpu1', 'PCIEX16(G5)_1; 4-way VGA slot.'),
('asus-pro-ws-wrx90e-sage-se', 2, 16, 16, 5, 'cpu1', 'PCIEX16(G5)_2.'),
('asus-pro-ws-wrx90e-sage-se', 3, 16, 16, 5, 'cpu1', 'PCIEX16(G5)_3; 4-way VGA slot.'),
('asus-pro-ws-wrx90e-sage-se', 4, 16, 16, 5, 'cpu1', 'PCIEX16(G5)_4.'),
('asus-pro-ws-wrx90e-sage-se', 5, 16, 16, 5, 'cpu1', 'PCIEX16(G5)_5; 4-way VGA slot.'),
('asus-pro-ws-wrx90e-sage-se', 6, 16, 8, 5, 'cpu1', 'PCIEX16(G5)_6, the one slot of seven wired x8 ("slot 6 is limited to Gen5 x8", mb-rtx6kpro-notes, SECONDARY).'),
('asus-pro-ws-wrx90e-sage-se', 7, 16, 16, 5, 'cpu1', 'PCIEX16(G5)_7, the last slot; 4-way VGA slot.'),
('asrock-wrx90-ws-evo', 1, 16, 16, 5, 'cpu1', NULL),
('asrock-wrx90-ws-evo', 2, 16, 16, 5, 'cpu1', NULL),
('asrock-wrx90-ws-evo', 3, 16, 16, 5, 'cpu1', NULL),
('asrock-wrx90-ws-evo', 4, 16, 16, 5, 'cpu1', NULL),
('asrock-wrx90-ws-evo', 5, 16, 16, 5, 'cpu1', NULL),
('asrock-wrx90-ws-evo', 6, 16, 16, 5, 'cpu1', NULL),
('asrock-wrx90-ws-evo', 7, 16, 16, 5, 'cpu1', NULL),
('asus-pro-ws-wrx80e-sage-se-wifi', 1, 16, 16, 4, 'cpu1', NULL),
('asus-pro-ws-wrx80e-sage-se-wifi', 2, 16, 16, 4, 'cpu1', NULL),
('asus-pro-ws-wrx80e-sage-se-wifi', 3, 16, 16, 4, 'cpu1', NULL),
('asus-pro-ws-wrx80e-sage-se-wifi', 4, 16, 16, 4, 'cpu1', NULL),
('asus-pro-ws-wrx80e-sage-se-wifi', 5, 16, 16, 4, 'cpu1', NULL),
('asus-pro-ws-wrx80e-sage-se-wifi', 6, 16, 16, 4, 'cpu1', NULL),
('asus-pro-ws-wrx80e-sage-se-wifi', 7, 16, 16, 4, 'cpu1', NULL),
('asus-pro-ws-w790e-sage-se', 1, 16, 16, 5, 'cpu1', 'x16 with W-3400 and W-2400; 4-way VGA slot.'),
('asus-pro-ws-w790e-sage-se', 2, 16, 16, 5, 'cpu1', 'x16 with W-3400; off with W-2400.'),
('asus-pro-ws-w790e-sage-se', 3, 16, 16, 5, 'cpu1', 'x16 with W-3400 and W-2400; 4-way VGA slot.'),
('asus-pro-ws-w790e-sage-se', 4, 16, 16, 5, 'cpu1', 'x16 with W-3400; off with W-2400.'),
('asus-pro-ws-w790e-sage-se', 5, 16, 16, 5, 'cpu1', 'x16 with W-3400 and W-2400; 4-way VGA slot.'),
('asus-pro-ws-w790e-sage-se', 6, 16, 8, 5, 'cpu1', 'x8 with W-3400; off with W-2400.'),
('asus-pro-ws-w790e-sage-se', 7, 16, 16, 5, 'cpu1', 'x16 with W-3400 and W-2400; 4-way VGA slot.'),
('asus-proart-x670e-creator-wifi', 1, 16, 16, 5, 'cpu1', 'PCIEX16(G5)_1; x8 when slot 2 is used.'),
('asus-proart-x670e-creator-wifi', 4, 16, 8, 5, 'cpu1', 'PCIEX16(G5)_2; position UNVERIFIED.'),
('asus-proart-x670e-creator-wifi', 6, 16, 2, 4, 'chipset', 'x2 from the chipset; width and position UNVERIFIED.'),
('asus-proart-x870e-creator-wifi', 1, 16, 16, 5, 'cpu1', 'PCIEX16(G5)_1; x8 when slot 2 or M.2_2 is used (ASUS spec via build notes).'),
('asus-proart-x870e-creator-wifi', 4, 16, 8, 5, 'cpu1', 'PCIEX16(G5)_2; x8, or x4 when M.2_2 is used (ASUS spec via build notes); position UNVERIFIED.'),
('asus-proart-x870e-creator-wifi', 6, 16, 4, 4, 'chipset', 'Chipset x16 slot at PCIe 4.0 x4 (ASUS manual); position UNVERIFIED.'),
('asus-prime-x670-p', 1, 1, 1, 3, 'chipset', 'PCIe 3.0 x1 (confirmed); attachment and position UNVERIFIED.'),
('asus-prime-x670-p', 2, 16, 16, 4, 'cpu1', 'PCIe 4.0 x16 (x16 mode), confirmed; position UNVERIFIED.'),
('asus-prime-x670-p', 4, 16, 4, 4, 'chipset', 'PCIe 4.0 x16 slot, x4 mode (confirmed); attachment and position UNVERIFIED.'),
('asus-prime-x670-p', 6, 16, 4, 4, 'chipset', 'PCIe 4.0 x16 slot, x4 mode (confirmed); attachment and position UNVERIFIED.'),
('asus-proart-z790-creator-wifi', 1, 16, 16, 5, 'cpu1', 'x8 when slot 2 is used.'),
('asus-proart-z790-creator-wifi', 4, 16, 8, 5, 'cpu1', 'Position UNVERIFIED.'),
('asus-proart-z790-creator-wifi', 6, 16, 4, 4, 'chipset', 'Position UNVERIFIED.'),
('asus-proart-z890-creator-wifi', 1, 16, 16, 5, 'cpu1', 'x8 when slot 2 is used.'),
('asus-proart-z890-creator-wifi', 4, 16, 8, 5, 'cpu1', 'Position UNVERIFIED.'),
('asus-proart-z890-creator-wifi', 6, 16, 4, 4, 'chipset', 'Position UNVERIFIED.'),
('gigabyte-z790-aorus-master', 1, 16, 16, 5, 'cpu1', 'PCIEX16; x8 when M2A_CPU is used.'),
('gigabyte-z790-aorus-master', 4, 16, 4, 4, 'chipset', 'Position UNVERIFIED.'),
('gigabyte-z790-aorus-master', 6, 16, 4, 4, 'chipset', 'Position UNVERIFIED.'),
('msi-meg-x670e-ace', 1, 16, 16, 5, 'cpu1', 'PCI_E1; x8 when PCI_E2 is used.'),
('msi-meg-x670e-ace', 4, 16, 8, 5, 'cpu1', 'PCI_E2; position UNVERIFIED.'),
('msi-meg-x670e-ace', 6, 16, 4, 4, 'chipset', 'PCI_E3; position UNVERIFIED.'),
('asus-pro-ws-w680-ace', 1, 16, 16, 5, 'cpu1', 'x8 when slot 2 is used.'),
('asus-pro-ws-w680-ace', 4, 16, 8, 5, 'cpu1', 'Position UNVERIFIED.'),
('asus-pro-ws-w680-ace', 6, 16, 4, 4, 'chipset', 'Width, generation and position UNVERIFIED.'),
('supermicro-h13ssl-n', 3, 16, 16, 5, 'cpu1', 'x16; consecutive single-pitch row (pitch study); row start at position 3 and Gen5 UNVERIFIED.'),
('supermicro-h13ssl-n', 4, 8, 8, 5, 'cpu1', 'x8; order derived from three double-width cards fitting; Gen5 UNVERIFIED.'),
('supermicro-h13ssl-n', 5, 16, 16, 5, 'cpu1', 'x16; Gen5 UNVERIFIED.'),
('supermicro-h13ssl-n', 6, 8, 8, 5, 'cpu1', 'x8; order derived; Gen5 UNVERIFIED.'),
('supermicro-h13ssl-n', 7, 16, 16, 5, 'cpu1', 'x16; Gen5 UNVERIFIED.'),
('dell-poweredge-t640-board', 1, 16, 16, 3, 'cpu1', 'GPU slot; layout convention, see board note.'),
('dell-poweredge-t640-board', 3, 16, 16, 3, 'cpu1', 'GPU slot; layout convention, see board note.'),
('dell-poweredge-t640-board', 5, 16, 16, 3, 'cpu2', 'GPU slot; needs the second processor.'),
('dell-poweredge-t640-board', 7, 16, 16, 3, 'cpu2', 'GPU slot; needs the second processor.'),
('dell-dss8440-board', 1, 16, 16, 3, 'cpu1', 'GPU bay behind a PCIe switch.'),
('dell-dss8440-board', 3, 16, 16, 3, 'cpu1', 'GPU bay behind a PCIe switch.'),
('dell-dss8440-board', 5, 16, 16, 3, 'cpu1', 'GPU bay behind a PCIe switch.'),
('dell-dss8440-board', 7, 16, 16, 3, 'cpu1', 'GPU bay behind a PCIe switch.'),
('dell-dss8440-board', 9, 16, 16, 3, 'cpu1', 'GPU bay behind a PCIe switch.'),
('dell-dss8440-board', 11, 16, 16, 3, 'cpu2', 'GPU bay behind a PCIe switch.'),
('dell-dss8440-board', 13, 16, 16, 3, 'cpu2', 'GPU bay behind a PCIe switch.'),
('dell-dss8440-board', 15, 16, 16, 3, 'cpu2', 'GPU bay behind a PCIe switch.'),
('dell-dss8440-board', 17, 16, 16, 3, 'cpu2', 'GPU bay behind a PCIe switch.'),
('dell-dss8440-board', 19, 16, 16, 3, 'cpu2', 'GPU bay behind a PCIe switch.'),
('asrock-rack-genoad8x-2t-bcm', 1, 8, 8, 5, 'cpu1', 'The x8 slot, short and closed-ended (takes no x16-edge card); top position derived from the nine-position note, UNVERIFIED.'),
('asrock-rack-genoad8x-2t-bcm', 2, 16, 16, 5, 'cpu1', 'x16; consecutive single-pitch row (20.2 mm).'),
('asrock-rack-genoad8x-2t-bcm', 3, 16, 16, 5, 'cpu1', 'x16.'),
('asrock-rack-genoad8x-2t-bcm', 4, 16, 16, 5, 'cpu1', 'x16.'),
('asrock-rack-genoad8x-2t-bcm', 5, 16, 16, 5, 'cpu1', 'x16.'),
('asrock-rack-genoad8x-2t-bcm', 6, 16, 16, 5, 'cpu1', 'x16.'),
('asrock-rack-genoad8x-2t-bcm', 7, 16, 16, 5, 'cpu1', 'x16.'),
('asrock-rack-genoad8x-2t-bcm', 8, 16, 16, 5, 'cpu1', 'x16; a double-width card here overhangs into a ninth bracket position.'),
('gigabyte-mz73-lm0', 4, 16, 16, 5, 'cpu1', 'From CPU0 (manual); position UNVERIFIED.'),
('gigabyte-mz73-lm0', 5, 16, 16, 5, 'cpu1', 'From CPU0 (manual); position UNVERIFIED.'),
('gigabyte-mz73-lm0', 6, 16, 16, 5, 'cpu2', 'From CPU1 (manual); needs the second processor; position UNVERIFIED.'),
('gigabyte-mz73-lm0', 7, 16, 16, 5, 'cpu2', 'From CPU1 (manual); needs the second processor; position UNVERIFIED.'),
('supermicro-x13swa-tf', 1, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16; electrical width and position UNVERIFIED.'),
('supermicro-x13swa-tf', 2, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16; electrical width and position UNVERIFIED.'),
('supermicro-x13swa-tf', 3, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16; electrical width and position UNVERIFIED.'),
('supermicro-x13swa-tf', 4, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16; electrical width and position UNVERIFIED.'),
('supermicro-x13swa-tf', 5, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16; electrical width and position UNVERIFIED.'),
('supermicro-x13swa-tf', 6, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16; electrical width and position UNVERIFIED.'),
('gigabyte-trx50-aero-d', 1, 16, 16, 5, 'cpu1', 'PCIE1, PCIe 5.0 x16 from the CPU (owner map).'),
('gigabyte-trx50-aero-d', 4, 16, 16, 5, 'cpu1', 'PCIE2, PCIe 5.0 x16 from the CPU (owner map); position UNVERIFIED.'),
('gigabyte-trx50-aero-d', 7, 16, 16, 5, 'cpu1', 'PCIE3, stated PCIe 5.0 x16 (owner map); generation and position UNVERIFIED.'),
('asus-pro-ws-trx50-sage-wifi', 1, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16 from the CPU; position UNVERIFIED.'),
('asus-pro-ws-trx50-sage-wifi', 3, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16 from the CPU; position UNVERIFIED.'),
('asus-pro-ws-trx50-sage-wifi', 5, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16 from the CPU; position UNVERIFIED. Further slots not modelled.');

INSERT INTO board_m2 (board_id, idx, pcie_gen, lanes, attached_to) VALUES
('asus-pro-ws-wrx90e-sage-se', 1, 5, 4, 'cpu1'),
('asus-pro-ws-wrx90e-sage-se', 2, 5, 4, 'cpu1'),
('asus-pro-ws-wrx90e-sage-se', 3, 5, 4, 'cpu1'),
('asus-pro-ws-wrx90e-sage-se', 4, 5, 4, 'cpu1'),
('asrock-wrx90-ws-evo', 1, 5, 4, 'cpu1'),
('asrock-wrx90-ws-evo', 2, 5, 4, 'cpu1'),
('asus-pro-ws-wrx80e-sage-se-wifi', 1, 4, 4, 'cpu1'),
('asus-pro-ws-wrx80e-sage-se-wifi', 2, 4, 4, 'cpu1'),
('asus-pro-ws-wrx80e-sage-se-wifi', 3, 4, 4, 'chipset'),
('asus-pro-ws-w790e-sage-se', 1, 4, 4, 'cpu1'),
('asus-pro-ws-w790e-sage-se', 2, 4, 4, 'chipset'),
('asus-proart-x670e-creator-wifi', 1, 5, 4, 'cpu1'),
('asus-proart-x670e-creator-wifi', 2, 5, 4, 'cpu1'),
('asus-proart-x670e-creator-wifi', 3, 4, 4, 'chipset'),
('asus-proart-x670e-creator-wifi', 4, 4, 4, 'chipset'),
('asus-proart-x870e-creator-wifi', 1, 5, 4, 'cpu1'),
('asus-proart-x870e-creator-wifi', 2, 5, 4, 'cpu1'),
('asus-proart-x870e-creator-wifi', 3, 4, 4, 'chipset'),
('asus-proart-x870e-creator-wifi', 4, 4, 4, 'chipset'),
('asus-prime-x670-p', 1, 5, 4, 'cpu1'),
('asus-prime-x670-p', 2, 4, 4, 'cpu1'),
('asus-prime-x670-p', 3, 4, 4, 'chipset'),
('asus-proart-z790-creator-wifi', 1, 4, 4, 'cpu1'),
('asus-proart-z790-creator-wifi', 2, 4, 4, 'chipset'),
('asus-proart-z790-creator-wifi', 3, 4, 4, 'chipset'),
('asus-proart-z790-creator-wifi', 4, 4, 4, 'chipset'),
('asus-proart-z890-creator-wifi', 1, 5, 4, 'cpu1'),
('asus-proart-z890-creator-wifi', 2, 4, 4, 'cpu1'),
('asus-proart-z890-creator-wifi', 3, 4, 4, 'chipset'),
('asus-proart-z890-creator-wifi', 4, 4, 4, 'chipset'),
('gigabyte-z790-aorus-master', 1, 5, 4, 'cpu1'),
('gigabyte-z790-aorus-master', 2, 4, 4, 'cpu1'),
('gigabyte-z790-aorus-master', 3, 4, 4, 'chipset'),
('gigabyte-z790-aorus-master', 4, 4, 4, 'chipset'),
('gigabyte-z790-aorus-master', 5, 4, 4, 'chipset'),
('msi-meg-x670e-ace', 1, 5, 4, 'cpu1'),
('msi-meg-x670e-ace', 2, 5, 4, 'cpu1'),
('msi-meg-x670e-ace', 3, 4, 4, 'chipset'),
('msi-meg-x670e-ace', 4, 4, 4, 'chipset'),
('asus-pro-ws-w680-ace', 1, 4, 4, 'cpu1'),
('asus-pro-ws-w680-ace', 2, 4, 4, 'chipset'),
('asus-pro-ws-w680-ace', 3, 4, 4, 'chipset'),
('supermicro-h13ssl-n', 1, 5, 2, 'cpu1'),
('supermicro-h13ssl-n', 2, 5, 2, 'cpu1'),
('gigabyte-trx50-aero-d', 1, 5, 4, 'cpu1'),
('gigabyte-trx50-aero-d', 2, 5, 4, 'cpu1'),
('gigabyte-trx50-aero-d', 3, 5, 4, 'cpu1'),
('gigabyte-trx50-aero-d', 4, 5, 4, 'cpu1');

INSERT INTO board_lane_share (board_id, slot_position, trigger_kind, trigger_index, width_when, source) VALUES
('asus-proart-x670e-creator-wifi', 1, 'slot', 4, 8, 'mb-hwluxx-am5-chipsets'),
('asus-proart-x870e-creator-wifi', 1, 'slot', 4, 8, 'mb-x870e-build-notes'),
('asus-proart-x870e-creator-wifi', 4, 'm2', 2, 4, 'mb-x870e-build-notes'),
('asus-proart-x870e-creator-wifi', 1, 'm2', 2, 8, 'mb-x870e-build-notes'),
('asus-proart-z790-creator-wifi', 1, 'slot', 4, 8, 'mb-asus-proart-z790-creator'),
('asus-proart-z890-creator-wifi', 1, 'slot', 4, 8, 'mb-asus-proart-z890-creator'),
('gigabyte-z790-aorus-master', 1, 'm2', 1, 8, 'mb-gigabyte-z790-aorus-master'),
('msi-meg-x670e-ace', 1, 'slot', 4, 8, 'mb-msi-meg-x670e-ace'),
('asus-pro-ws-w680-ace', 1, 'slot', 4, 8, 'mb-asus-pro-ws-w680-ace');

-- Mainstream AM5 and LGA1851 boards.  Slot positions: where a review's slot
-- table lists every expansion position (Hardwareluxx tables give one row per
-- position, "-" for an empty one) the positions are read from it; otherwise they
-- follow the vendor's slot order and the row says UNVERIFIED.
INSERT INTO source (id, title, url, note) VALUES
('mb-hwluxx-x870e-carbon', 'Hardwareluxx: MSI MPG X870E CARBON WIFI im Test (lane distribution page)', 'https://www.hardwareluxx.de/index.php/artikel/hardware/mainboards/64652-msi-mpg-x870e-carbon-wifi-im-test-fuer-die-gehobene-mittelklasse.html?start=2', 'Seven-row slot table: position 2 PCIe 5.0 x16 (CPU, x16 or x8), position 6 PCIe 5.0 x16 connector at x4 (CPU), position 7 PCIe 4.0 x16 connector at x4 (X870E); four CPU lanes fixed to the ASM4242 USB4 controller; the first slot drops to x8 when the second PCIe 5.0 slot or M.2_2 is used. M.2_1 PCIe 5.0 x4 (CPU), M.2_2 PCIe 5.0 x4 (CPU, shared), M.2_3 and M.2_4 PCIe 4.0 x4 (X870E).'),
('mb-hwluxx-z890-aorus-master', 'Hardwareluxx: Gigabyte Z890 AORUS Master im Test (lane distribution page)', 'https://www.hardwareluxx.de/index.php/artikel/hardware/mainboards/65757-gigabyte-z890-aorus-master-im-test-nicht-fuer-die-speichertakt-jaeger-geeignet.html?start=2', 'Seven-row slot table: position 2 PCIe 5.0 x16 (CPU, x16 or x8), position 6 PCIe 4.0 x16 connector at x4 (Z890), position 7 PCIe 4.0 x16 connector at x1 (Z890). M.2_A PCIe 5.0 x4 (CPU), M.2_B PCIe 4.0 x4 (CPU), M.2_D PCIe 5.0 x4 taken from the 16 graphics lanes (slot then x8), M.2_M and M.2_P PCIe 4.0 x4 (Z890); four SATA.'),
('mb-hwluxx-b650m-ds3h', 'Hardwareluxx: Gigabyte B650M DS3H im Test (features and layout page)', 'https://hardwareluxx.de/index.php/artikel/hardware/mainboards/62580-gigabyte-b650m-ds3h-im-test-mit-vielen-positiven-ueberraschungen-im-gepaeck.html?start=2', 'Four-position micro-ATX slot table: position 1 PCIe 4.0 x16 (CPU, x16), positions 2-3 empty (two M.2 sit between the slots), position 4 PCIe 3.0 x1 (B650). Both M.2 PCIe 4.0 x4 from the AM5 processor; no lane sharing; four SATA on the B650; Realtek 2.5GbE.'),
('mb-hwluxx-strix-x870e-e', 'Hardwareluxx: ASUS ROG Strix X870E-E Gaming WiFi im Test (features and layout page)', 'https://hardwareluxx.de/index.php/artikel/hardware/mainboards/64908-asus-rog-strix-x870e-e-gaming-wifi-im-test-das-hero-lite-fuer-120-euro-weniger.html?start=2', 'Seven-row slot table: position 3 PCIe 5.0 x16 (CPU, x16 or x8), position 7 PCIe 4.0 x16 connector at x4 (X870E). The 16 CPU lanes are shared by the slot and M.2_2 / M.2_3 (slot x8 when either is used); M.2_1 PCIe 5.0 x4 (CPU), M.2_2 and M.2_3 PCIe 5.0 x4 (CPU, shared), M.2_4 and M.2_5 PCIe 4.0 x4 (X870E); four CPU lanes reserved for the USB4 controller.'),
('mb-asus-tuf-b650m-e-spec', 'ASUS TUF GAMING B650M-E tech specs (as copied on a retailer product page, tinhocphucthien.com)', 'https://tinhocphucthien.com/san-pham/mainboard-asus-tuf-gaming-b650m-e-ddr5/', 'ASUS spec text: 4 DIMM, max 192 GB DDR5, ECC and non-ECC un-buffered memory; Ryzen 9000/7000: 1 x PCIe 4.0 x16 slot (x16 mode); AMD B650 chipset: 2 x PCIe 4.0 x1 slots; 2 x M.2: M.2_1 PCIe 5.0 x4, M.2_2 PCIe 4.0 x4 (both listed under the processor); 4 x SATA.'),
('mb-ecatalog-tuf-b650m', 'e-catalog: Asus TUF GAMING B650M-E vs TUF GAMING B650M-PLUS', 'https://e-catalog.com/cmp/102924/tuf-gaming-b650m-e-vs-tuf-gaming-b650m-plus/', 'TUF GAMING B650M-E: micro-ATX 244 x 244 mm, 2.5 Gbps Realtek LAN, one PCIe x16 and two x1 slots.'),
('mb-asus-prime-b650m-k-spec', 'ASUS PRIME B650M-K tech specs (as copied on a retailer product page, computexsl.lk)', 'https://computexsl.lk/shop/motherboards/asus-prime-b650m-k-ddr5-motherboard-3-years-warranty', 'ASUS spec text: 2 x DIMM, max 96 GB DDR5, ECC and non-ECC un-buffered memory; Ryzen 9000/7000: 1 x PCIe 4.0 x16 slot (x16 mode); AMD B650 chipset: 2 x PCIe 4.0 x1 slots; 2 x M.2 and 4 x SATA (per-socket lanes not in the copied part).'),
('mb-gigabyte-b650m-elite-ax-ice-spec', 'GIGABYTE B650M AORUS ELITE AX ICE specification (as copied on a retailer product page, aurapc.live)', 'https://aurapc.live/ar/product/gigabyte-b650m-aorus-elite-ax-ice-am5-lga-1718-amd-b650-m-atx-motherboard-ddr5-2-m2-pcie-50-usb-32-gen2x2-type-c-25gbe-lan-q-flash-plus-ez-latch-el-badr-group-price-egypt-1', 'GIGABYTE spec text: 4 x DDR5, up to 256 GB (64 GB per DIMM), non-ECC un-buffered; CPU: 1 x PCIe 4.0 x16 (PCIEX16); chipset: 1 x PCI Express x16 connector at PCIe 4.0 (PCIEX4); CPU: 1 x M.2 PCIe 5.0 x4 and 1 x M.2 PCIe 4.0 x4; Realtek 2.5GbE.'),
('mb-gigabyte-b650m-gaming-x-ax-spec', 'GIGABYTE B650M GAMING X AX specification (as copied on a retailer product page, archivate.com)', 'https://archivate.com/product_info.php?cPath=742_790_936&products_id=30267', 'GIGABYTE spec text: micro-ATX 30.5 x 24.4 cm; 4 x DDR5 up to 128 GB (32 GB per DIMM, launch-time figure), non-ECC un-buffered; 1 x PCIe 4.0 x16 slot at x16 (PCIEX16); 2 x PCI Express x16 connectors at PCIe 3.0 x1 (PCIEX1_1/2); 3 x M.2 connectors.'),
('mb-am5-chipset-lanes', 'UNIKO''s Hardware: MSI MAG X870E TOMAHAWK WIFI teardown, AM5/Intel chipset lane table', 'https://unikoshardware.com/?p=170387', 'Chipset downstream lanes: B650 8 PCIe 4.0 (+4 PCIe 3.0/SATA), X870E 12 PCIe 4.0 (+8 PCIe 3.0/SATA), Z790 24 PCIe 4.0 of which 20 from the chipset.');

INSERT INTO motherboard (id, vendor, name, price_usd, price_date, year, source, note, socket, cpu_sockets, chipset, form_factor, memory_type, memory_slots, max_memory_gb, rdimm, ecc, expansion_positions, m2_slots, onboard_network, chipset_lanes) VALUES
('gigabyte-b650m-ds3h', 'Gigabyte', 'B650M DS3H', 209.83, '2025-07', 2023, 'mb-hwluxx-b650m-ds3h',
 'Slot map, positions and M.2 lanes from the Hardwareluxx four-position table; Realtek 2.5GbE. Memory 4 DIMM / 192 GB as listed by PCPartPicker (a retailer copy of the launch spec says 128 GB, since raised); non-ECC unbuffered per the GIGABYTE spec text of the B650M family (not re-read for this board: stored 0, UNVERIFIED). Price: street price, PCPartPicker US 2025-07-23 (mb-pcpp-2025-07).',
 'AM5', 1, 'B650', 'Micro-ATX', 'DDR5', 4, 192, 0, 0, 4, 2, '2.5GbE (Realtek)', 8),
('asus-rog-strix-x870e-e-gaming-wifi', 'ASUS', 'ROG Strix X870E-E Gaming WiFi', 478.01, '2025-07', 2024, 'mb-hwluxx-strix-x870e-e',
 'Slot map, positions, M.2 lanes and lane sharing from the Hardwareluxx tables (M.2 idx 1-5 = M.2_1.._5). Memory 4 DIMM / 192 GB and ATX as listed by PCPartPicker. ECC support and network controller not read (ecc stored 0, UNVERIFIED; network NULL). Price: street price, PCPartPicker US 2025-07-23 (mb-pcpp-2025-07).',
 'AM5', 1, 'X870E', 'ATX', 'DDR5', 4, 192, 0, 0, 7, 5, NULL, 12),
('asus-tuf-gaming-b650m-e', 'ASUS', 'TUF GAMING B650M-E', 255.10, '2025-07', 2023, 'mb-asus-tuf-b650m-e-spec',
 'Slots and M.2 per the ASUS spec text; micro-ATX and Realtek 2.5GbE per e-catalog. ECC UDIMM supported. Slot positions follow the spec order (x16 on top, then the two x1), UNVERIFIED against the layout drawing. Price: street price, PCPartPicker US 2025-07-23 (mb-pcpp-2025-07), non-WiFi model.',
 'AM5', 1, 'B650', 'Micro-ATX', 'DDR5', 4, 192, 0, 1, 4, 2, '2.5GbE (Realtek)', 8),
('asus-prime-b650m-k', 'ASUS', 'PRIME B650M-K', 188.27, '2025-07', 2023, 'mb-asus-prime-b650m-k-spec',
 'Two DIMM slots (96 GB), ECC UDIMM supported; one CPU PCIe 4.0 x16 slot and two chipset PCIe 4.0 x1 (ASUS spec text). Slot positions follow the spec order, UNVERIFIED. Two M.2 sockets ("2 x M.2" in the ASUS text) whose lanes and attachment were not in the copied part: links NULL. Price: street price, PCPartPicker US 2025-07-23 (mb-pcpp-2025-07).',
 'AM5', 1, 'B650', 'Micro-ATX', 'DDR5', 2, 96, 0, 1, 4, 2, NULL, 8),
('gigabyte-b650m-aorus-elite-ax-ice', 'Gigabyte', 'B650M AORUS ELITE AX ICE', 199.99, '2025-07', 2024, 'mb-gigabyte-b650m-elite-ax-ice-spec',
 'GIGABYTE spec text: CPU PCIe 4.0 x16 (PCIEX16), chipset x16 connector at PCIe 4.0 x4 (PCIEX4), two CPU M.2 (PCIe 5.0 x4, PCIe 4.0 x4), 256 GB, non-ECC. PCPartPicker lists 192 GB (launch figure); the vendor 256 GB is stored. Positions follow the spec order (PCIEX16 above PCIEX4), UNVERIFIED. Price: street price, PCPartPicker US 2025-07-23 (mb-pcpp-2025-07).',
 'AM5', 1, 'B650', 'Micro-ATX', 'DDR5', 4, 256, 0, 0, 4, 2, '2.5GbE (Realtek)', 8),
('gigabyte-b650m-gaming-x-ax', 'Gigabyte', 'B650M GAMING X AX', 214.86, '2024-05', 2022, 'mb-gigabyte-b650m-gaming-x-ax-spec',
 'GIGABYTE spec text: PCIe 4.0 x16 (PCIEX16) and two x16 connectors at PCIe 3.0 x1 (PCIEX1_1/2), which hang off the chipset (the AM5 processor has no PCIe 3.0 lanes); three M.2 Socket 3 connectors, listed among the internal connectors without their lanes or attachment (links NULL; mb-opendb-2026, not marked as checked, lists four M.2 at PCIe 4.0 x4: GIGABYTE''s three are stored); 128 GB as listed at launch; non-ECC. Positions follow the spec order, UNVERIFIED. Listed without a price in the 2025-07 PCPartPicker snapshot. Price: street price, lowest PCPartPicker US listing on 2024-05-14 (mb-pcpp-2024-05); high for a B650M board (the larger PRIME X670-P WIFI listed at 209.99 the same day), so treat it as an upper bound.',
 'AM5', 1, 'B650', 'Micro-ATX', 'DDR5', 4, 128, 0, 0, 4, 3, NULL, 8),
('msi-mpg-x870e-carbon-wifi', 'MSI', 'MPG X870E CARBON WIFI', 499.99, '2025-07', 2024, 'mb-hwluxx-x870e-carbon',
 'Full slot map and M.2 list from the Hardwareluxx lane tables (positions read from its seven-row table). Four CPU lanes always feed the USB4 controller. Memory 4 DIMM / 256 GB as listed by PCPartPicker. ECC support not stated in sources read (stored 0, UNVERIFIED). Network controller not read (NULL). Price: street price, PCPartPicker US 2025-07-23 (mb-pcpp-2025-07).',
 'AM5', 1, 'X870E', 'ATX', 'DDR5', 4, 256, 0, 0, 7, 4, NULL, 12),
('gigabyte-z890-aorus-master', 'Gigabyte', 'Z890 AORUS MASTER', 484.01, '2025-07', 2024, 'mb-hwluxx-z890-aorus-master',
 'Full slot map and M.2 list from the Hardwareluxx lane tables (positions read from its seven-row table; M.2 idx 1-5 = M.2_A, _B, _D, _M, _P). Using M.2_D takes four of the sixteen graphics lanes. Memory 4 DIMM / 256 GB and ATX as listed by PCPartPicker. Non-ECC (Z890 consumer board; not stated in sources read, UNVERIFIED). Network controller not read (NULL). Z890 has 24 PCIe 4.0 chipset lanes (cpu-corsair-z890-lanes). Price: street price, PCPartPicker US 2025-07-23 (mb-pcpp-2025-07).',
 'LGA1851', 1, 'Z890', 'ATX', 'DDR5', 4, 256, 0, 0, 7, 5, NULL, 24);

INSERT INTO board_slot (board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note) VALUES
('gigabyte-b650m-ds3h', 1, 16, 16, 4, 'cpu1', 'PCIe 4.0 x16 from the CPU.'),
('gigabyte-b650m-ds3h', 4, 1, 1, 3, 'chipset', 'PCIe 3.0 x1 from the B650.'),
('asus-rog-strix-x870e-e-gaming-wifi', 3, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16 from the CPU; x8 when M.2_2 or M.2_3 is used.'),
('asus-rog-strix-x870e-e-gaming-wifi', 7, 16, 4, 4, 'chipset', 'x16 connector at PCIe 4.0 x4 from the X870E.'),
('asus-tuf-gaming-b650m-e', 1, 16, 16, 4, 'cpu1', 'PCIe 4.0 x16 (x16 mode) from the CPU; position UNVERIFIED.'),
('asus-tuf-gaming-b650m-e', 3, 1, 1, 4, 'chipset', 'PCIe 4.0 x1 from the B650; position UNVERIFIED.'),
('asus-tuf-gaming-b650m-e', 4, 1, 1, 4, 'chipset', 'PCIe 4.0 x1 from the B650; position UNVERIFIED.'),
('asus-prime-b650m-k', 1, 16, 16, 4, 'cpu1', 'PCIe 4.0 x16 (x16 mode) from the CPU; position UNVERIFIED.'),
('asus-prime-b650m-k', 3, 1, 1, 4, 'chipset', 'PCIe 4.0 x1 from the B650; position UNVERIFIED.'),
('asus-prime-b650m-k', 4, 1, 1, 4, 'chipset', 'PCIe 4.0 x1 from the B650; position UNVERIFIED.'),
('gigabyte-b650m-aorus-elite-ax-ice', 1, 16, 16, 4, 'cpu1', 'PCIEX16, PCIe 4.0 from the CPU; position UNVERIFIED.'),
('gigabyte-b650m-aorus-elite-ax-ice', 3, 16, 4, 4, 'chipset', 'PCIEX4, x16 connector at PCIe 4.0 x4 from the chipset; position UNVERIFIED.'),
('gigabyte-b650m-gaming-x-ax', 1, 16, 16, 4, 'cpu1', 'PCIEX16, PCIe 4.0 x16; position UNVERIFIED.'),
('gigabyte-b650m-gaming-x-ax', 3, 16, 1, 3, 'chipset', 'PCIEX1_1, x16 connector at PCIe 3.0 x1; position UNVERIFIED.'),
('gigabyte-b650m-gaming-x-ax', 4, 16, 1, 3, 'chipset', 'PCIEX1_2, x16 connector at PCIe 3.0 x1; position UNVERIFIED.'),
('msi-mpg-x870e-carbon-wifi', 2, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16 from the CPU; x8 when the second PCIe 5.0 slot or M.2_2 is used.'),
('msi-mpg-x870e-carbon-wifi', 6, 16, 4, 5, 'cpu1', 'x16 connector at PCIe 5.0 x4 from the CPU (takes lanes from the first slot).'),
('msi-mpg-x870e-carbon-wifi', 7, 16, 4, 4, 'chipset', 'x16 connector at PCIe 4.0 x4 from the X870E.'),
('gigabyte-z890-aorus-master', 2, 16, 16, 5, 'cpu1', 'PCIe 5.0 x16 from the CPU; x8 when M.2_D is used.'),
('gigabyte-z890-aorus-master', 6, 16, 4, 4, 'chipset', 'x16 connector at PCIe 4.0 x4 from the Z890.'),
('gigabyte-z890-aorus-master', 7, 16, 1, 4, 'chipset', 'x16 connector at PCIe 4.0 x1 from the Z890.');

INSERT INTO board_m2 (board_id, idx, pcie_gen, lanes, attached_to) VALUES
('gigabyte-b650m-ds3h', 1, 4, 4, 'cpu1'),
('gigabyte-b650m-ds3h', 2, 4, 4, 'cpu1'),
('asus-rog-strix-x870e-e-gaming-wifi', 1, 5, 4, 'cpu1'),
('asus-rog-strix-x870e-e-gaming-wifi', 2, 5, 4, 'cpu1'),
('asus-rog-strix-x870e-e-gaming-wifi', 3, 5, 4, 'cpu1'),
('asus-rog-strix-x870e-e-gaming-wifi', 4, 4, 4, 'chipset'),
('asus-rog-strix-x870e-e-gaming-wifi', 5, 4, 4, 'chipset'),
('asus-tuf-gaming-b650m-e', 1, 5, 4, 'cpu1'),
('asus-tuf-gaming-b650m-e', 2, 4, 4, 'cpu1'),
('gigabyte-b650m-aorus-elite-ax-ice', 1, 5, 4, 'cpu1'),
('gigabyte-b650m-aorus-elite-ax-ice', 2, 4, 4, 'cpu1'),
('msi-mpg-x870e-carbon-wifi', 1, 5, 4, 'cpu1'),
('msi-mpg-x870e-carbon-wifi', 2, 5, 4, 'cpu1'),
('msi-mpg-x870e-carbon-wifi', 3, 4, 4, 'chipset'),
('msi-mpg-x870e-carbon-wifi', 4, 4, 4, 'chipset'),
('gigabyte-z890-aorus-master', 1, 5, 4, 'cpu1'),
('gigabyte-z890-aorus-master', 2, 4, 4, 'cpu1'),
('gigabyte-z890-aorus-master', 3, 5, 4, 'cpu1'),
('gigabyte-z890-aorus-master', 4, 4, 4, 'chipset'),
('gigabyte-z890-aorus-master', 5, 4, 4, 'chipset');

INSERT INTO board_lane_share (board_id, slot_position, trigger_kind, trigger_index, width_when, source) VALUES
('asus-rog-strix-x870e-e-gaming-wifi', 3, 'm2', 2, 8, 'mb-hwluxx-strix-x870e-e'),
('asus-rog-strix-x870e-e-gaming-wifi', 3, 'm2', 3, 8, 'mb-hwluxx-strix-x870e-e'),
('msi-mpg-x870e-carbon-wifi', 2, 'slot', 6, 8, 'mb-hwluxx-x870e-carbon'),
('msi-mpg-x870e-carbon-wifi', 2, 'm2', 2, 8, 'mb-hwluxx-x870e-carbon'),
('gigabyte-z890-aorus-master', 2, 'm2', 3, 8, 'mb-hwluxx-z890-aorus-master');

-- Platforms that share a socket take different CPUs (compat.socket checks
-- cpu.family against this list): sTR5 WRX90 boards run Threadripper PRO only,
-- non-PRO Threadripper runs on TRX50 (cpu-probsee-str5: "non-PRO models on
-- TRX50 chipsets ... PRO models on WRX90 chipsets"); LGA4677 W790 boards are
-- the workstation platform of Xeon W-2400/W-3400 (mb-hwcooling-w790; W-2500/
-- W-3500 are their refresh on the same boards, cpu-tpu-w3500), while Xeon
-- Scalable 4th/5th gen run on C741 server boards.  TRX50 boards keep NULL.
UPDATE motherboard SET cpu_families = 'Threadripper PRO 7000 WX,Threadripper PRO 9000 WX' WHERE chipset = 'WRX90';
UPDATE motherboard SET cpu_families = 'Xeon W-2400,Xeon W-3400,Xeon W-2500,Xeon W-3500' WHERE chipset = 'W790';

-- System boards of complete GPU servers (not sold alone: price NULL; the
-- chassis row names them in board_id).  Slot positions follow the double-width
-- GPU bays (1, 3, 5, ...) as for the Dell boards; which bays hang off which CPU
-- is UNVERIFIED (stored half and half).
INSERT INTO motherboard (id, vendor, name, price_usd, price_date, year, source, note, socket, cpu_sockets, chipset, form_factor, memory_type, memory_slots, max_memory_gb, rdimm, ecc, expansion_positions, m2_slots, onboard_network, chipset_lanes, cpu_families) VALUES
('supermicro-h13dsg-o-cpu', 'Supermicro', 'H13DSG-O-CPU (AS-4125GS-TNRT system board)', NULL, NULL, NULL, 'mb-tpd-gpu-server-table',
 'System board of the AS-4125GS-TNRT (mb-supermicro-h13dsg-faq); not sold separately. Two SP5 sockets for EPYC 9004, 24 DDR5 DIMM slots (mb-tpd-gpu-server-table; up to 6 TB per the Grokipedia overview, case-grokipedia-4u-gpu, not stored), 2 x 10GbE. Eight PCIe 5.0 x16 double-width GPU bays modelled at positions 1, 3, ..., 15; their CPU attachment (stored four per CPU) is UNVERIFIED. One M.2 NVMe socket on the board, for booting (case-storagereview-4125gs: "un seul emplacement M.2 NVMe pour le démarrage"; SECONDARY, a translation of StorageReview''s review); its PCIe generation, lanes and processor are not in a source read (NULL). RDIMM ECC as on every SP5 platform.',
 'SP5', 2, NULL, 'supermicro-4125gs', 'DDR5', 24, NULL, 1, 1, 16, 1, '2x 10GbE', NULL, 'EPYC 9004'),
('gigabyte-g493-zb0-board', 'Gigabyte', 'G493-ZB0 system board', NULL, NULL, NULL, 'mb-tpd-gpu-server-table',
 'System board of the G493-ZB0; not sold separately. Two SP5 sockets for EPYC 9004, 24 DDR5 DIMM slots, 2 x 10GbE (mb-tpd-gpu-server-table). Eight PCIe 5.0 x16 double-width GPU bays modelled at positions 1, 3, ..., 15. A deployed G493-ZB0 (system board MZB3-G43-000) reads each GPU on its own CPU root port at Gen5 x16, four per processor, with no PCIe switch (mb-rtx6kpro-notes, SECONDARY: an owner''s lspci / nvidia-smi topology report); which bay hangs off which processor and the M.2 list are not read.',
 'SP5', 2, NULL, 'gigabyte-g493', 'DDR5', 24, NULL, 1, 1, 16, 0, '2x 10GbE', NULL, 'EPYC 9004');

INSERT INTO board_slot (board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note) VALUES
('supermicro-h13dsg-o-cpu', 1, 16, 16, 5, 'cpu1', 'GPU bay; CPU attachment UNVERIFIED.'),
('supermicro-h13dsg-o-cpu', 3, 16, 16, 5, 'cpu1', 'GPU bay; CPU attachment UNVERIFIED.'),
('supermicro-h13dsg-o-cpu', 5, 16, 16, 5, 'cpu1', 'GPU bay; CPU attachment UNVERIFIED.'),
('supermicro-h13dsg-o-cpu', 7, 16, 16, 5, 'cpu1', 'GPU bay; CPU attachment UNVERIFIED.'),
('supermicro-h13dsg-o-cpu', 9, 16, 16, 5, 'cpu2', 'GPU bay; needs the second processor (UNVERIFIED).'),
('supermicro-h13dsg-o-cpu', 11, 16, 16, 5, 'cpu2', 'GPU bay; needs the second processor (UNVERIFIED).'),
('supermicro-h13dsg-o-cpu', 13, 16, 16, 5, 'cpu2', 'GPU bay; needs the second processor (UNVERIFIED).'),
('supermicro-h13dsg-o-cpu', 15, 16, 16, 5, 'cpu2', 'GPU bay; needs the second processor (UNVERIFIED).'),
('gigabyte-g493-zb0-board', 1, 16, 16, 5, 'cpu1', 'GPU bay on its own root port of the first processor, Gen5 x16 (mb-rtx6kpro-notes, measured on a G493-ZB0).'),
('gigabyte-g493-zb0-board', 3, 16, 16, 5, 'cpu1', 'GPU bay on its own root port of the first processor, Gen5 x16 (mb-rtx6kpro-notes, measured on a G493-ZB0).'),
('gigabyte-g493-zb0-board', 5, 16, 16, 5, 'cpu1', 'GPU bay on its own root port of the first processor, Gen5 x16 (mb-rtx6kpro-notes, measured on a G493-ZB0).'),
('gigabyte-g493-zb0-board', 7, 16, 16, 5, 'cpu1', 'GPU bay on its own root port of the first processor, Gen5 x16 (mb-rtx6kpro-notes, measured on a G493-ZB0).'),
('gigabyte-g493-zb0-board', 9, 16, 16, 5, 'cpu2', 'GPU bay on its own root port of the second processor, Gen5 x16 (mb-rtx6kpro-notes, measured on a G493-ZB0).'),
('gigabyte-g493-zb0-board', 11, 16, 16, 5, 'cpu2', 'GPU bay on its own root port of the second processor, Gen5 x16 (mb-rtx6kpro-notes, measured on a G493-ZB0).'),
('gigabyte-g493-zb0-board', 13, 16, 16, 5, 'cpu2', 'GPU bay on its own root port of the second processor, Gen5 x16 (mb-rtx6kpro-notes, measured on a G493-ZB0).'),
('gigabyte-g493-zb0-board', 15, 16, 16, 5, 'cpu2', 'GPU bay on its own root port of the second processor, Gen5 x16 (mb-rtx6kpro-notes, measured on a G493-ZB0).');

-- Entry LGA1700 board for the i5-12400F class of build.  The slot list is the
-- Tom's Hardware review's spec table and board tour; what the LGA1700
-- processor itself provides (16 graphics lanes + 4 PCIe 4.0 lanes, no PCIe
-- 3.0) and the B760 lane count are from the Hardwareluxx B760 platform table.
INSERT INTO source (id, title, url, note) VALUES
('mb-tomshw-pro-b760m-ct', 'Tom''s Hardware: Asus Pro B760M-CT CSM motherboard review (specification table and board tour, as copied in the public techidaily/site-hardware-reviews repository)', 'https://github.com/techidaily/site-hardware-reviews/blob/2016cadc0013ad64de2dd3fe60ea72c7a39b28f9/source/_posts/navigate-the-world-of-tech-with-toms-detailed-review-hub.md', 'Micro ATX 244 x 244 mm, LGA1700, B760; 4 DDR5 DIMMs (ASUS page 192 GB, 256 GB after an ASUS BIOS update notice); PCIe: one v4.0 x16 (top slot, through the CPU, the only place for a graphics card) and two closed-ended v3.0 x1 below it; two Key-M M.2 PCIe 4.0 x4 (up to 80 mm, no SATA M.2); four SATA; Intel 1 GbE; one 8-pin EPS; Amazon 139.99 USD at review time.'),
('mb-hwluxx-b760-platform', 'Hardwareluxx: MSI B760M GAMING PLUS WIFI im Test (features and layout page 1, Intel 700-series chipset table)', 'https://hardwareluxx.de/index.php/artikel/hardware/mainboards/63462-msi-b760m-gaming-plus-wifi-im-test-genuegsame-platine-fuer-vier-monitore.html?start=1', 'LGA1700 processor: 16 PCIe 5.0 lanes + 4 PCIe 4.0 lanes (x16 + x4 on B760, no x8/x8 split); B760 chipset: 10 PCIe 4.0 + 4 PCIe 3.0 lanes, DMI PCIe 4.0 x4.');

INSERT INTO motherboard (id, vendor, name, price_usd, price_date, year, source, note, socket, cpu_sockets, chipset, form_factor, memory_type, memory_slots, max_memory_gb, rdimm, ecc, expansion_positions, m2_slots, onboard_network, chipset_lanes) VALUES
('asus-pro-b760m-ct-csm', 'ASUS', 'Pro B760M-CT-CSM', 149.99, '2025-07', 2023, 'mb-tomshw-pro-b760m-ct',
 'Business-line micro-ATX B760 board (Tom''s Hardware spec table and board tour): one CPU PCIe 4.0 x16 slot on top, two closed-ended PCIe 3.0 x1 below it, which hang off the B760 (the LGA1700 processor has no PCIe 3.0 lanes, mb-hwluxx-b760-platform). Slot positions beyond the top one are UNVERIFIED. Two M.2 PCIe 4.0 x4 (the review''s table): which one takes the processor''s four spare PCIe 4.0 lanes and which the B760''s is not stated (attachment NULL). 192 GB as on the ASUS page (256 GB after an ASUS BIOS notice). Non-ECC: B760, like Z790, takes non-ECC UDIMM only (not stated in the review: stored 0, UNVERIFIED). Chipset lanes 10 PCIe 4.0 + 4 PCIe 3.0 (mb-hwluxx-b760-platform). Price: street price, lowest PCPartPicker US listing on 2025-07-23 (mb-pcpp-2025-07); the review saw 139.99 at Amazon.',
 'LGA1700', 1, 'B760', 'Micro-ATX', 'DDR5', 4, 192, 0, 0, 4, 2, '1GbE (Intel)', 14);

INSERT INTO board_slot (board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note) VALUES
('asus-pro-b760m-ct-csm', 1, 16, 16, 4, 'cpu1', 'Top slot, PCIe 4.0 x16 through the CPU.'),
('asus-pro-b760m-ct-csm', 3, 1, 1, 3, 'chipset', 'Closed-ended PCIe 3.0 x1 from the B760; position UNVERIFIED.'),
('asus-pro-b760m-ct-csm', 4, 1, 1, 3, 'chipset', 'Closed-ended PCIe 3.0 x1 from the B760; position UNVERIFIED.');

-- HGX 8-GPU server boards: sold only inside their chassis (case.sql), unpriced.
INSERT INTO source (id, title, url, note) VALUES
('mb-naish-821ge-tnhr', 'NAISH GPU node briefing (a public repository''s consolidated project file, 2026): Supermicro SYS-821GE-TNHR hardware facts from the vendor proposal NAISH/INFRA/GPU-2026-02', NULL, '8x H200 SXM5 on one NVIDIA HGX baseboard (4 NVSwitch, NVLink 4.0, 900 GB/s), dual Xeon Platinum 8570 (350 W), 2 TB DDR5-6400 ECC RDIMM as 32 x 64 GB, 6 x 3,000 W redundant (4+2) Titanium supplies, peak 10.2 kW, 8U (14 x 17.2 x 33.2 in). Secondary copy of the vendor figures; the Supermicro page was not opened.'),
('mb-821ge-cluster-paper', 'Notes on a 100-node H100 cluster paper (a public repository''s reading notes, table 1): per node Supermicro SYS-821GE-TNHR, 8U air-cooled, 2x Xeon Platinum 8580 (5th gen, 60C), 1.5 TB DDR5-5600, 8x H100 SXM 80 GB with NVLink/NVSwitch, 8x ConnectX-7 400GbE for the GPU fabric plus 2x ConnectX-7 400GbE for storage, 4x 7.68 TB NVMe', NULL, 'A Cisco Secure AI Factory reference text (another public repository) adds: dual Xeon Scalable, up to 8 TB DDR5 in 32 DIMMs. A Chinese teardown (mynw.cn news 484475): HGX H200 8-GPU tray at the front, 16 front U.2 NVMe bays.');

INSERT INTO motherboard (id, vendor, name, price_usd, price_date, year, source, note, socket, cpu_sockets, chipset, form_factor, memory_type, memory_slots, max_memory_gb, rdimm, ecc, expansion_positions, m2_slots, onboard_network, chipset_lanes, cpu_families) VALUES
('supermicro-sys-821ge-tnhr-board', 'Supermicro', 'SYS-821GE-TNHR system board', NULL, NULL, NULL, 'mb-naish-821ge-tnhr',
 'Built into the SYS-821GE-TNHR (not sold alone, so unpriced): two LGA4677 sockets, 32 DDR5 RDIMM slots (32 x 64 GB in mb-naish-821ge-tnhr; up to 8 TB per the Cisco reference text in mb-821ge-cluster-paper, stored as 8192 GB). The GPUs sit on the chassis'' HGX baseboard, not in these slots. Ten PCIe 5.0 x16 positions for network cards: a deployed node carries 10 ConnectX-7 cards (mb-821ge-cluster-paper); slot positions and which CPU (or PCIe switch) each hangs off are UNVERIFIED. CPUs: 5th-gen Xeon Scalable (Platinum 8570, 8580) in both deployments read; 4th-gen support not confirmed in a source read, so not listed. Chipset and M.2 sockets not read.',
 'LGA4677', 2, NULL, 'supermicro-821ge', 'DDR5', 32, 8192, 1, 1, 10, 0, NULL, NULL, 'Xeon Scalable 5th gen');

INSERT INTO board_slot (board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note) VALUES
('supermicro-sys-821ge-tnhr-board', 1, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-821ge-tnhr-board', 2, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-821ge-tnhr-board', 3, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-821ge-tnhr-board', 4, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-821ge-tnhr-board', 5, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-821ge-tnhr-board', 6, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-821ge-tnhr-board', 7, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-821ge-tnhr-board', 8, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-821ge-tnhr-board', 9, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-821ge-tnhr-board', 10, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.');

-- More 8-GPU SXM / OAM server boards (HGX B200, HGX B300, AMD Instinct UBB):
-- built into their chassis (case.sql), not sold alone, unpriced.  Their PCIe
-- slots take network cards; the GPUs sit on the chassis' GPU baseboard.
INSERT INTO source (id, title, url, note) VALUES
('mb-cisco-aifactory-sizing', 'Cisco Secure AI Factory platform table of a public repository''s cluster-sizing tool (TypeScript data; Supermicro HGX systems in the Cisco reference portfolio)', NULL, 'SECONDARY (a tool''s data, not the vendor page). Supermicro SYS-A21GE-NBRT (8x Blackwell B200 180GB): 10U rack chassis, 8 GPUs, chassis TDP 14.5 kW, host "Dual 5th Gen Intel Xeon Scalable Processors", "Up to 8.0 TB DDR5 (32x DIMM slots)", host NICs "8x 800G ConnectX-8 SuperNICs / ConnectX-7 + 2x Storage NICs". SYS-821GE-TNHR (H200 / H100): 8U, the same host figures, 8x 400G ConnectX-7 + 2 storage NICs. Repository URL not recorded by the lookup tool.'),
('mb-kedios-b300-node', 'Kedios Infrastructure Report: B300 Single Rack Server Unit, Architecture Specification (2026-02-28), ASUS XA NB3I-E12 with NVIDIA HGX B300 x 8', 'https://neocloud.kedios.io/planning-summary-reports/B300-Single-Rack-Server-Unit-Architecture.html', 'A deployed configuration (32 identical servers): 2x Intel Xeon 6776P (350 W each in the per-server power audit), 32x 128 GB DDR5-6400 RDIMM (Samsung M321RAJA0MB2-CCP), 10x Samsung PM9D3a U.2 NVMe, 8x ConnectX-8 800 Gb/s soldered on the HGX B300 tray (not PCIe add-in cards), 2x BlueField-3 B3220 DPUs and an Intel X710-AT2 management NIC; the tray reaches the host over PCIe 6.0.'),
('mb-rocm-8125gs-configs', 'AMD ROCm documentation and ROCm blog test configurations naming the Supermicro AS-8125GS-TNMR2 (performance-results pages and a vLLM blog post, AMD AI Framework testing as of 2026-01-29; read as copies in public repositories)', NULL, 'MI300X: Supermicro AS-8125GS-TNMR2 with 2x AMD EPYC 9654 (or 9554), 8x MI300X (192 GB, 750 W), 1,536 GiB to 2.3 TiB in 24 DIMMs at 4,800 MT/s. MI325X (2026-01-29 testing): the same chassis with 2x EPYC 9575F and 8x MI325X (256 GB, 1,000 W), 2.2 TiB in 24 DIMMs. The same 2026-01-29 list also names this chassis for 8x MI355X at 1,400 W, which its 3+3 x 3,000 W supplies (case-smc-amd-pages) could not feed: not used.'),
('mb-smc-amd-pages', 'Supermicro AS-8125GS-TNMR2 and AS-A126GS-TNMR system pages as recorded in a public repository''s hardware data (a game''s sourced part catalog, entries marked published with the Supermicro page as source)', NULL, 'SECONDARY (the Supermicro pages were not opened here). AS-8125GS-TNMR2 (MI300X class): 8U, 2 CPU sockets, GPU-to-GPU AMD Infinity Fabric Link (full mesh, no switch), 6 PSU bays, 3+3 redundant, 6x 3,000 W Titanium Level (96 %), 10 heavy-duty fans. AS-A126GS-TNMR (MI355X): 10U, 2 CPU sockets, Infinity Fabric Link, 6x 6,600 W Titanium, 4+2 redundant, up to 19 x 8 cm heavy-duty fans, 17.2 x 17.6 x 33.2 in. Memory slots and PCIe slots are not recorded there. Repository URL not recorded by the lookup tool.');

INSERT INTO motherboard (id, vendor, name, price_usd, price_date, year, source, note, socket, cpu_sockets, chipset, form_factor, memory_type, memory_slots, max_memory_gb, rdimm, ecc, expansion_positions, m2_slots, onboard_network, chipset_lanes, cpu_families) VALUES
('supermicro-sys-a21ge-nbrt-board', 'Supermicro', 'SYS-A21GE-NBRT system board', NULL, NULL, NULL, 'mb-cisco-aifactory-sizing',
 'Built into the SYS-A21GE-NBRT (not sold alone, so unpriced): two LGA4677 sockets for 5th-gen Xeon Scalable, 32 DDR5 RDIMM slots, up to 8 TB (mb-cisco-aifactory-sizing, SECONDARY; the same host figures as the SYS-821GE-TNHR board). The B200 modules sit on the chassis'' HGX baseboard, not in these slots. Ten PCIe 5.0 x16 positions for network cards, from the configuration read (8 GPU-fabric NICs, one per GPU, plus 2 storage NICs); the slot count, positions and which CPU (or PCIe switch) each hangs off are UNVERIFIED. 4th-gen Xeon support not confirmed in a source read, so not listed. Chipset and M.2 sockets not read.',
 'LGA4677', 2, NULL, 'supermicro-a21ge', 'DDR5', 32, 8192, 1, 1, 10, 0, NULL, NULL, 'Xeon Scalable 5th gen'),
('asus-xa-nb3i-e12-board', 'ASUS', 'XA NB3I-E12 system board', NULL, NULL, NULL, 'mb-kedios-b300-node',
 'Built into the XA NB3I-E12 (not sold alone, so unpriced): two LGA4710 sockets for Xeon 6700P (2x Xeon 6776P in the deployment read, mb-kedios-b300-node; NVIDIA''s DGX B300 uses the same processor, cpu-heise-xeon6776p), 32 DDR5 RDIMM slots (32 x 128 GB DDR5-6400 in that deployment, 4 TB; the board''s maximum not read: NULL). The GPU fabric needs no card: the HGX B300 tray carries eight ConnectX-8 800 Gb/s NICs (STH review, case-sth-xa-nb3i-e12; Kedios). Two PCIe 5.0 x16 positions stored, for the two BlueField-3 DPUs of the deployment read; the management NIC (Intel X710-AT2) is not modelled. The total slot count, positions and CPU attachment are UNVERIFIED. Chipset and M.2 sockets not read.',
 'LGA4710', 2, NULL, 'asus-xa-nb3i', 'DDR5', 32, NULL, 1, 1, 2, 0, NULL, NULL, 'Xeon 6700P'),
('supermicro-as-8125gs-tnmr2-board', 'Supermicro', 'AS-8125GS-TNMR2 system board', NULL, NULL, NULL, 'mb-rocm-8125gs-configs',
 'Built into the AS-8125GS-TNMR2 (not sold alone, so unpriced): two SP5 sockets, EPYC 9004 (9654, 9554 in AMD''s MI300X test systems) and EPYC 9005 (9575F in AMD''s MI325X tests of January 2026), 24 DDR5 RDIMM slots populated in every AMD configuration read (up to 2.3 TiB there; the maximum not read: NULL). The OAM modules sit on the chassis'' AMD Universal Base Board. Eight PCIe 5.0 x16 NIC positions stored, one per GPU: UNVERIFIED, no source read gives this chassis'' slot count (eight low-profile 400 Gb/s NICs, one per GPU, is the usual fit STH reports for these 8-GPU servers, case-sth-amd-8gpu-servers); positions and CPU attachment UNVERIFIED too. Chipset and M.2 sockets not read.',
 'SP5', 2, NULL, 'supermicro-8125gs', 'DDR5', 24, NULL, 1, 1, 8, 0, NULL, NULL, 'EPYC 9004,EPYC 9005'),
('supermicro-as-a126gs-tnmr-board', 'Supermicro', 'AS-A126GS-TNMR system board', NULL, NULL, NULL, 'mb-smc-amd-pages',
 'Built into the AS-A126GS-TNMR (not sold alone, so unpriced): two CPU sockets (mb-smc-amd-pages, SECONDARY). Socket SP5 and EPYC 9005 from the model name (Supermicro''s A+ "A126GS" line); UNVERIFIED. Memory slots: 24 stored, one DIMM on each of the twelve DDR5 channels of two SP5 sockets, UNVERIFIED (no slot count in a source read); maximum NULL. Eight PCIe 5.0 x16 NIC positions stored, one per GPU, UNVERIFIED as for the AS-8125GS-TNMR2 board. Chipset and M.2 sockets not read.',
 'SP5', 2, NULL, 'supermicro-a126gs', 'DDR5', 24, NULL, 1, 1, 8, 0, NULL, NULL, 'EPYC 9005');

INSERT INTO board_slot (board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note) VALUES
('supermicro-sys-a21ge-nbrt-board', 1, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-a21ge-nbrt-board', 2, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-a21ge-nbrt-board', 3, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-a21ge-nbrt-board', 4, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-a21ge-nbrt-board', 5, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-a21ge-nbrt-board', 6, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-a21ge-nbrt-board', 7, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-a21ge-nbrt-board', 8, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-a21ge-nbrt-board', 9, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-sys-a21ge-nbrt-board', 10, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('asus-xa-nb3i-e12-board', 1, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('asus-xa-nb3i-e12-board', 2, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-8125gs-tnmr2-board', 1, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-8125gs-tnmr2-board', 2, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-8125gs-tnmr2-board', 3, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-8125gs-tnmr2-board', 4, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-8125gs-tnmr2-board', 5, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-8125gs-tnmr2-board', 6, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-8125gs-tnmr2-board', 7, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-8125gs-tnmr2-board', 8, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-a126gs-tnmr-board', 1, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-a126gs-tnmr-board', 2, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-a126gs-tnmr-board', 3, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-a126gs-tnmr-board', 4, 16, 16, 5, 'cpu1', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-a126gs-tnmr-board', 5, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-a126gs-tnmr-board', 6, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-a126gs-tnmr-board', 7, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.'),
('supermicro-as-a126gs-tnmr-board', 8, 16, 16, 5, 'cpu2', 'NIC slot; position and attachment UNVERIFIED.');

-- Entry tier: a DDR5 H610 micro-ATX board, the cheapest LGA1700 board with a
-- published layout (the top x16 slot is the processor's; H610 has no PCIe 4.0
-- or 5.0 chipset lanes for it).
INSERT INTO source (id, title, url, note) VALUES
('mb-gigabyte-h610m-k-v2-manual', 'GIGABYTE H610M K V2 motherboard user''s manual, rev. 1002 (2025; public copy on manuals.plus)', 'https://manuals.plus/m/273666b3d052a38ece9dbc39c8f1a1e3e0cd3cb1e6c577d40a3df7f069e2f2a0', 'Layout chapter: LGA1700 socket, Intel H610 chipset, two DDR5 DIMM slots (DDR5_A1, DDR5_B1), PCI Express slots PCIEX16 and PCIEX1, one M.2 connector M2P_SB, SATA 6Gb/s connectors, LAN on the back panel. The specification table that follows was not in the part read (slot generations and M.2 lanes not read).');

INSERT INTO motherboard (id, vendor, name, price_usd, price_date, year, source, note, socket, cpu_sockets, chipset, form_factor, memory_type, memory_slots, max_memory_gb, rdimm, ecc, expansion_positions, m2_slots, onboard_network, chipset_lanes) VALUES
('gigabyte-h610m-k-v2', 'Gigabyte', 'H610M K V2', 114.74, '2025-07', 2025, 'mb-gigabyte-h610m-k-v2-manual',
 'DDR5 H610 micro-ATX board (GIGABYTE manual, layout chapter): two DDR5 DIMMs, one PCIEX16 slot from the processor (the LGA1700 processor supplies the x16 graphics lanes, mb-hwluxx-b760-platform) and one PCIEX1 slot, one M.2 (M2P_SB). The x16 slot''s generation is not in the part of the manual read: stored 4, as listed by mb-opendb-2026 (an entry not marked as checked by hand; GIGABYTE sells its PCIe 5.0 H610 boards under a GEN5 suffix), UNVERIFIED. The PCIEX1 slot is not modelled. One M.2 connector (M2P_SB, the layout chapter); its lanes, generation and attachment were not read (NULL; mb-opendb-2026, not marked as checked, lists two PCIe 4.0 x4 M.2: the manual''s one is stored). Micro ATX, 2 slots, 96 GB as listed by PCPartPicker. Non-ECC unbuffered (not stated in the part read: stored 0, UNVERIFIED). Position of the x16 slot UNVERIFIED. Price: street price, lowest PCPartPicker US listing on 2025-07-23 (mb-pcpp-2025-07).',
 'LGA1700', 1, 'H610', 'Micro-ATX', 'DDR5', 2, 96, 0, 0, 4, 1, NULL, NULL);

INSERT INTO board_slot (board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note) VALUES
('gigabyte-h610m-k-v2', 1, 16, 16, 4, 'cpu1', 'PCIEX16 from the processor; generation and position UNVERIFIED.');

-- Entry tier, AM4: a B550 micro-ATX board.  B550 has no PCIe 4.0 chipset lanes,
-- so every PCIe 4.0 slot or socket on a B550 board is the processor's.
INSERT INTO source (id, title, url, note) VALUES
('mb-opendb-2026', 'BuildCores OpenDB, motherboard entries (buildcores/buildcores-open-db, commit 136a77a of 2026-08-17, open-db/Motherboard/*.json; ODC-By)', 'https://github.com/buildcores/buildcores-open-db/tree/136a77aec1/open-db/Motherboard', 'Gigabyte B550M K (GA-B550M-K): AM4, AMD B550, Micro ATX, 4 DDR4 slots up to 128 GB, ECC supported; PCIe slots: one PCIe 4.0 x16, one PCIe 3.0 x1; M.2: one PCIe 4.0 x4 and one PCIe 3.0 x2 (2280, M key); Realtek 1 Gb/s; checked by hand on 2026-03-05 (GIGABYTE product page gigabyte.com/ph/Motherboard/B550M-K-rev-10/sp). Gigabyte H610M K V2 (not marked as checked): PCIe 4.0 x16 and a PCIe 4.0 x1, two M.2 PCIe 4.0 x4, 2 DDR5 slots up to 96 GB. ASRock H610M-HDV/M.2+ D5 (90-MXBM50-A0UAYZ, not marked as checked): PCIe 4.0 x16 and x1, two M-key M.2 (one 2242-2260, one 2280), both called PCIe 4.0 x4, 2 DDR5 slots up to 96 GB, Realtek 8111H 1 Gb/s. ASUS Pro WS TRX50-SAGE WIFI (not marked as checked): three M-key M.2, two PCIe 5.0 x4 (2242/2260/2280) and one PCIe 4.0 x4 (2280). Gigabyte B650M GAMING X AX (not marked as checked): four M.2 at PCIe 4.0 x4.'),
('mb-h610-chipset-lanes', 'Hardware-Journal: Spezifikationen von Intel H670, B660 und H610 Chipsaetzen geleakt (chipset table, December 2021)', 'https://www.hardware-journal.de/news/mainboards/5743-spezifikationen-von-intel-h670-b660-und-h610-chipsaetzen-geleakt', 'SECONDARY, published before launch from a leak: PCH PCIe 4.0 lanes Z690 12, H670 12, B660 6, H610 none; PCH PCIe 3.0 lanes Z690 16, H670 12, B660 8; H610 DMI 4.0 x4. Other reports of the same leak give the H610 eight PCIe 3.0 lanes and no PCIe 4.0 downstream.'),
('mb-383systems-b550m-k', 'GIGABYTE B550M K (rev. 1.1) product text (as copied on a retailer page, 383systems.co.uk)', 'https://383systems.co.uk/products/gigabyte-b550m-k-ultra-durable-amd-am4-socket-motherboard-micro-atx-4x-ddr4-slots-2x-m-2-sockets-gbe-lan-1x-displayport-1x-hdmi-port', 'GIGABYTE text: dual channel ECC / non-ECC unbuffered DDR4, 4 DIMMs up to 128 GB; PCIe 4.0 x16 slot; NVMe PCIe 4.0/3.0 x4 and PCIe 3.0 x2 M.2 connectors; Realtek GbE.'),
('mb-oc3d-b550', 'Overclock3D: Gigabyte B550 Aorus Pro review, PCI Express layout page', 'https://overclock3d.net/reviews/cpu_mainboard/gigabyte-b550-aorus-pro-review/4/', 'B550 has no PCIe 4.0 lanes on the chipset (PCIe 3.0 only); the PCIe 4.0 lanes are the processor''s.');

INSERT INTO motherboard (id, vendor, name, price_usd, price_date, year, source, note, socket, cpu_sockets, chipset, form_factor, memory_type, memory_slots, max_memory_gb, rdimm, ecc, expansion_positions, m2_slots, onboard_network, chipset_lanes) VALUES
('gigabyte-b550m-k', 'Gigabyte', 'B550M K', 99.99, '2025-07', 2023, 'mb-opendb-2026',
 'Micro-ATX B550 board (mb-opendb-2026, checked against the GIGABYTE page; memory, ECC and M.2 confirmed by mb-383systems-b550m-k): a PCIe 4.0 x16 slot and a PCIe 4.0 x4 M.2 socket, both the processor''s (B550 has no PCIe 4.0 lanes, mb-oc3d-b550), a PCIe 3.0 x1 slot and a PCIe 3.0 x2 M.2 socket from the B550. 4 DDR4 DIMMs up to 128 GB, ECC and non-ECC unbuffered. Slot positions are not in the sources read: x16 on top, x1 at position 3, UNVERIFIED. Chipset lanes NULL (AMD''s B550 lane count is quoted differently by the sources read). Price: street price, lowest PCPartPicker US listing on 2025-07-23 (mb-pcpp-2025-07).',
 'AM4', 1, 'B550', 'Micro-ATX', 'DDR4', 4, 128, 0, 1, 4, 2, '1GbE (Realtek)', NULL),
('asrock-h610m-hdv-m2-plus-d5', 'ASRock', 'H610M-HDV/M.2+ D5', 89.57, '2025-07', NULL, 'mb-opendb-2026',
 'DDR5 H610 micro-ATX board (90-MXBM50-A0UAYZ): 2 DDR5 DIMMs up to 96 GB, a PCIe 4.0 x16 slot, Realtek 8111H 1GbE (mb-opendb-2026; the entry is not marked as checked by hand). The x16 slot is the processor''s (the LGA1700 processor supplies the graphics lanes, mb-hwluxx-b760-platform); its PCIe 4.0 generation comes from that entry only and its position is UNVERIFIED. The entry''s x1 slot (listed as PCIe 4.0, which the H610 does not provide to the best of the sources read) is not modelled. Two M-key M.2 sockets, one 2242-2260 and one 2280, as listed by the entry (UNVERIFIED; a hand-made parts list in a public repository gives one); the entry calls both PCIe 4.0 x4, which the H610 chipset does not supply (its downstream lanes are PCIe 3.0 only, mb-h610-chipset-lanes), so their generation, lanes and attachment are left NULL. Non-ECC (ecc_support false in the entry). Price: street price, lowest PCPartPicker US listing on 2025-07-23 (mb-pcpp-2025-07).',
 'LGA1700', 1, 'H610', 'Micro-ATX', 'DDR5', 2, 96, 0, 0, 4, 2, '1GbE (Realtek 8111H)', NULL);

INSERT INTO board_slot (board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note) VALUES
('gigabyte-b550m-k', 1, 16, 16, 4, 'cpu1', 'PCIe 4.0 x16 from the processor; position UNVERIFIED.'),
('gigabyte-b550m-k', 3, 1, 1, 3, 'chipset', 'PCIe 3.0 x1 from the B550; position UNVERIFIED.'),
('asrock-h610m-hdv-m2-plus-d5', 1, 16, 16, 4, 'cpu1', 'x16 from the processor; PCIe 4.0 per mb-opendb-2026 (unchecked entry); position UNVERIFIED.');

INSERT INTO board_m2 (board_id, idx, pcie_gen, lanes, attached_to) VALUES
('gigabyte-b550m-k', 1, 4, 4, 'cpu1'),
('gigabyte-b550m-k', 2, 3, 2, 'chipset');

-- M.2 sockets whose count a source gives but not (all of) their link: the
-- unknown generation, lanes or attachment stay NULL (see each board's note).
INSERT INTO board_m2 (board_id, idx, pcie_gen, lanes, attached_to) VALUES
('asrock-h610m-hdv-m2-plus-d5', 1, NULL, NULL, NULL),
('asrock-h610m-hdv-m2-plus-d5', 2, NULL, NULL, NULL),
('gigabyte-h610m-k-v2', 1, NULL, NULL, NULL),
('asus-pro-b760m-ct-csm', 1, 4, 4, NULL),
('asus-pro-b760m-ct-csm', 2, 4, 4, NULL),
('asus-prime-b650m-k', 1, NULL, NULL, NULL),
('asus-prime-b650m-k', 2, NULL, NULL, NULL),
('gigabyte-b650m-gaming-x-ax', 1, NULL, NULL, NULL),
('gigabyte-b650m-gaming-x-ax', 2, NULL, NULL, NULL),
('gigabyte-b650m-gaming-x-ax', 3, NULL, NULL, NULL),
('asus-pro-ws-trx50-sage-wifi', 1, 5, 4, NULL),
('asus-pro-ws-trx50-sage-wifi', 2, 5, 4, NULL),
('asus-pro-ws-trx50-sage-wifi', 3, 4, 4, NULL),
('supermicro-h13dsg-o-cpu', 1, NULL, NULL, NULL);

-- Second-hand offers (see price_offer in db/schema.sql): priced into a build
-- only when the user allows used parts.
INSERT INTO price_offer (part_id, condition, price_usd, price_date, market, source, note) VALUES
('asus-pro-ws-w790e-sage-se', 'used', 800, '2026-06', 'US resale', 'mb-homelab-platform-research-2026', 'Used-market listing around 800 USD in a June 2026 platform-research snapshot.');

-- SP3 (EPYC 7002/7003) board of the second-hand multi-GPU rigs: seven PCIe 4.0
-- x16 slots on an ATX board, all from the processor (SP3 has no chipset).
INSERT INTO source (id, title, url, note) VALUES
('mb-tomshwit-romed8-2t', 'Tom''s Hardware Italia: ASRock Rack ROMED8-2T, la scheda madre per server con sette PCI Express x16', 'https://www.tomshw.it/hardware/asrock-rack-romed8-2t-la-scheda-madre-per-server-con-sette-pci-express-x16/', 'ROMED8-2T: ATX, single socket, AMD EPYC 7002/7001; seven PCI Express 4.0 x16 slots using the 128 PCIe 4.0 lanes of the EPYC 7002; eight DDR4 RDIMM/LRDIMM slots in eight channels, up to 64 GB RDIMM, 256 GB LRDIMM or 32 GB NVDIMM per slot, up to 3200 MHz; the second slot shares its bandwidth with the mini-SAS, M.2 and OCuLink connectors; two mini-SAS (8 SATA) and two OCuLink ports (4 lanes each, taken from the second slot); Intel X550-AT2 dual 10 GbE plus a dedicated IPMI LAN port, ASPEED AST2500 BMC.'),
('mb-samsyeung-homelab', 'samsyeung/homelab: homelab.md hardware list (public GitHub markdown, read at commit 003cde1 of 2026-04-30)', 'https://github.com/samsyeung/homelab/blob/003cde1/homelab.md', 'ASRock Rack ROMED8-2T "chosen because it has 6 PCIe4.0x16 slots, the 7ths is split between OcuLink/M.2"; EPYC 7532; 8 x 32 GB DDR4-3200 ECC RDIMM; four RTX 3090 Founders Edition on Cooler Master PCIe 4.0 x16 200 mm risers in an 8-GPU open mining frame. No prices.'),
('mb-jamesob-local-llm-2026-07', 'jamesob/local-llm README, "Base system" table and BIOS notes (commits of 2026-07-03 to 2026-07-10; read at 4172e40)', 'https://github.com/jamesob/local-llm/blob/4172e40/README.md', 'ASRock Rack ROMED8-2T (SP3, 7x PCIe 4.0 x16, dual 10GbE) bought for 715 USD in a base system "purchased in parts almost entirely from eBay" (July 2026), running an EPYC Milan 7313P; one x16 slot feeds a PCIe 4.0 switch at x16 after setting the slot''s link width from x8/x8 to x16 in the BIOS.');

INSERT INTO motherboard (id, vendor, name, price_usd, price_date, year, source, note, socket, cpu_sockets, chipset, form_factor, memory_type, memory_slots, max_memory_gb, rdimm, ecc, expansion_positions, m2_slots, onboard_network, chipset_lanes) VALUES
('asrock-rack-romed8-2t', 'ASRock Rack', 'ROMED8-2T', NULL, NULL, NULL, 'mb-tomshwit-romed8-2t',
 'Single SP3, ATX, seven PCIe 4.0 x16 slots, eight DDR4 RDIMM/LRDIMM slots (eight channels, up to 3200; 64 GB RDIMM or 256 GB LRDIMM per slot, so 2 TB with LRDIMMs and 512 GB with RDIMMs), Intel X550-AT2 dual 10GbE, AST2500 BMC (Tom''s Hardware Italia). The article names EPYC 7002/7001; owners run Milan (EPYC 7003) parts on it (mb-jamesob-local-llm-2026-07: 7313P). The second slot shares its lanes with the M.2, mini-SAS and OCuLink connectors (the article; an owner list puts it as six full x16 slots and a seventh split between OCuLink and M.2, mb-samsyeung-homelab); how wide it runs when they are used is not in a source read, so no lane-sharing row is stored. Seven slots on an ATX board fill positions 1-7; that slot 2 is the second from the top (ASRock numbering from the CPU end) is UNVERIFIED against the manual. M.2 socket count and link not read (m2_slots 0 = not modelled). SP3 has no chipset: every slot is the processor''s. No dated new price found: the board reaches a build through its used offer (eBay, 2026-07).',
 'SP3', 1, NULL, 'ATX', 'DDR4', 8, 2048, 1, 1, 7, 0, '2x 10GbE (Intel X550-AT2)', NULL);

INSERT INTO board_slot (board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note) VALUES
('asrock-rack-romed8-2t', 1, 16, 16, 4, 'cpu1', 'PCIE1, PCIe 4.0 x16 from the CPU.'),
('asrock-rack-romed8-2t', 2, 16, 16, 4, 'cpu1', 'PCIE2, PCIe 4.0 x16; shares its lanes with the M.2, mini-SAS (SATA) and OCuLink connectors (width when they are used not read); its place as the second slot from the top is UNVERIFIED.'),
('asrock-rack-romed8-2t', 3, 16, 16, 4, 'cpu1', 'PCIE3, PCIe 4.0 x16 from the CPU.'),
('asrock-rack-romed8-2t', 4, 16, 16, 4, 'cpu1', 'PCIE4, PCIe 4.0 x16 from the CPU.'),
('asrock-rack-romed8-2t', 5, 16, 16, 4, 'cpu1', 'PCIE5, PCIe 4.0 x16 from the CPU.'),
('asrock-rack-romed8-2t', 6, 16, 16, 4, 'cpu1', 'PCIE6, PCIe 4.0 x16 from the CPU.'),
('asrock-rack-romed8-2t', 7, 16, 16, 4, 'cpu1', 'PCIE7, PCIe 4.0 x16 from the CPU; the last position of the ATX board.');

INSERT INTO price_offer (part_id, condition, price_usd, price_date, market, source, note) VALUES
('asrock-rack-romed8-2t', 'used', 715, '2026-07', 'eBay (owner purchase)', 'mb-jamesob-local-llm-2026-07', 'Price paid in a published build whose base-system parts were bought "almost entirely from eBay" (README dated July 2026); condition not itemised, stored as used.');
