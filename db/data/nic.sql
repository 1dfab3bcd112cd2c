-- Network cards.  Port counts, speeds and host interfaces from the vendors'
-- user manuals and release notes listed below (db/SOURCES.md).
-- Typical power was not found in a stored copy of any sheet: power_w is NULL
-- throughout until read from the vendor specification tables.
INSERT INTO source (id, title, url, note) VALUES
('nic-nvidia-cx7-ocp', 'NVIDIA ConnectX-7 Cards User Manual: Supported Interfaces', 'https://docs.nvidia.com/networking/display/connectx7vpiocp3/supported+interfaces', 'ConnectX-7: PCIe Gen 5.0 x16; single-port OSFP and dual-port QSFP112 cards.'),
('nic-nvidia-cx7-fw', 'NVIDIA ConnectX-7 Adapter Cards Firmware Release Notes v28.43.4100 LTS', 'https://docs.nvidia.com/networking/display/connectx7firmwarev28434100lts/Known-Issues', 'Names MCX75310AAS-NEAT as an InfiniBand (NDR) ConnectX-7 OPN.'),
('nic-nvidia-cx6-ocp', 'NVIDIA ConnectX-6 Ethernet Adapter Cards User Manual: Interfaces', 'https://docs.nvidia.com/networking/display/connectx6enocp3/interfaces', 'ConnectX-6: PCIe Gen 3.0/4.0 x16.'),
('nic-nvidia-kernel-517', 'NVIDIA Linux Kernel Upstream Release Notes v5.17 (supported HCAs and uplink speeds)', 'https://docs.nvidia.com/networking/display/kernelupstreamv517', 'ConnectX-5: IB up to EDR, Ethernet up to 100GbE; ConnectX-6: IB up to HDR, Ethernet up to 200GbE; ConnectX-6 Dx: Ethernet up to 200GbE; BlueField-2 speeds.'),
('nic-nvidia-cx5-ib', 'NVIDIA ConnectX-5 InfiniBand/Ethernet Adapter Cards User Manual: Interfaces', 'https://docs.nvidia.com/networking/display/connectx5ib/interfaces', 'ConnectX-5: PCIe Gen 3.0 x16 (ConnectX-5 Ex: Gen 4.0 x16); QSFP28 ports, InfiniBand and Ethernet.'),
('nic-nvidia-cx6dx-fw', 'NVIDIA ConnectX-6 Dx Adapter Cards Firmware Release Notes v22.43.3608 LTS', 'https://docs.nvidia.com/networking/display/connectx6dxfirmwarev22433608lts/known+issues', 'ConnectX-6 Dx Ethernet with RoCE and programmable congestion control.'),
('nic-intel-x710', 'Intel Ethernet Network Adapter X710-T2L product brief', 'https://www.intel.com/content/www/us/en/products/sku/189918/intel-ethernet-network-adapter-x710t2l/specifications.html', 'Vendor page; dual-port 10GBASE-T, PCIe 3.0 x8; not re-read in a stored copy.'),
('nic-intel-e810', 'Intel Ethernet Network Adapter E810-XXVDA2 product brief', 'https://www.intel.com/content/www/us/en/products/sku/192558/intel-ethernet-network-adapter-e810xxvda2/specifications.html', 'Vendor page; dual-port 25GbE SFP28, PCIe 4.0 x8, RDMA (iWARP and RoCEv2); not re-read in a stored copy.'),
('nic-broadcom-p2100g', 'Broadcom P2100G (BCM57508) 2x100GbE PCIe NIC product brief', 'https://www.broadcom.com/products/ethernet-connectivity/network-adapters/p2100g', 'Vendor page; dual-port 100GbE QSFP56, PCIe 4.0 x16, RoCEv2; not re-read in a stored copy.'),
('nic-nvidia-bf3', 'NVIDIA BlueField-3 DPU / MMA4Z00-NS400 transceiver notes (BlueField-3 accepts QSFP112)', 'https://docs.nvidia.com/networking/display/mms4x00ns400/overview', 'BlueField-3 DPUs use QSFP112 400G/200G ports alongside ConnectX-7.'),
('nic-moeses-parts-2026-07', 'MoESES (MoE Streaming Expert Server) design README: storage-box parts list, prices researched 2026-07-17 (public GitHub markdown)', NULL, 'New-card prices in German retail, EUR: ConnectX-6 VPI MCX653105A-HDAT ~1,283 (fs.com); ConnectX-6 Dx MCX623106AN-CDAT ~866 (Geizhals); MCX623105AC-VDAT ~1,396, MCX623105AN-VDAT ~1,575. Repository URL not recorded by the lookup tool.'),
('nic-ecb-eurusd-2026-07-17', 'European Central Bank euro foreign exchange reference rates, 17 July 2026 (daily XML, mirrored in the vane/ecb-fx repository, data/2026/2026-07-17.xml)', 'https://github.com/vane/ecb-fx/blob/1fda1b6c5a6e237d724524792681fc3f98f9d38d/data/2026/2026-07-17.xml', 'EUR 1 = USD 1.1435 (also CHF 0.9228) on 2026-07-17, the day the MoESES prices were researched.');

INSERT INTO nic (id, vendor, name, price_usd, price_date, year, source, note,
                 protocol, speed_gbps, ports, rdma, pcie_gen, pcie_lanes, power_w) VALUES
('intel-x710-t2l', 'Intel', 'Ethernet Network Adapter X710-T2L (2x 10GBASE-T)', NULL, NULL, NULL, 'nic-intel-x710',
 'No RDMA on the X710 family. Port/speed/PCIe figures from the Intel product page (not re-read in a stored copy).',
 'ethernet', 10, 2, 0, 3, 8, NULL),
('intel-e810-xxvda2', 'Intel', 'Ethernet Network Adapter E810-XXVDA2 (2x 25GbE SFP28)', NULL, NULL, NULL, 'nic-intel-e810',
 'RDMA: iWARP and RoCEv2. Figures from the Intel product page (not re-read in a stored copy).',
 'ethernet', 25, 2, 1, 4, 8, NULL),
('nvidia-connectx-6-dx-2x100gbe', 'NVIDIA', 'ConnectX-6 Dx EN 2x 100GbE QSFP56 (MCX623106AN-CDAT)', 990.27, '2026-07', NULL, 'nic-nvidia-cx6dx-fw',
 'Price: street price converted from EUR: ~866 EUR new at Geizhals.de on 2026-07-17 (nic-moeses-parts-2026-07) x 1.1435 USD/EUR (ECB reference rate of 2026-07-17, nic-ecb-eurusd-2026-07-17) = 990.27 USD; German retail prices normally include 19 % VAT, not removed. Ethernet only, RoCE. Speeds per NVIDIA kernel release notes (ConnectX-6 Dx up to 200GbE per device); PCIe Gen 4.0 x16 as for the ConnectX-6 family manual.',
 'ethernet', 100, 2, 1, 4, 16, NULL),
('nvidia-connectx-6-vpi-hdr', 'NVIDIA', 'ConnectX-6 VPI HDR 200Gb/s 1x QSFP56 (MCX653105A-HDAT)', 1467.11, '2026-07', NULL, 'nic-nvidia-cx6-ocp',
 'Price: street price converted from EUR: ~1,283 EUR new at fs.com (Germany) on 2026-07-17 (nic-moeses-parts-2026-07) x 1.1435 USD/EUR (ECB reference rate of 2026-07-17, nic-ecb-eurusd-2026-07-17) = 1,467.11 USD; German retail prices normally include 19 % VAT, not removed. InfiniBand up to HDR (200 Gb/s) or Ethernet up to 200GbE (NVIDIA kernel release notes). PCIe Gen 3.0/4.0 x16 (ConnectX-6 manual).',
 'vpi', 200, 1, 1, 4, 16, NULL),
('nvidia-connectx-7-ndr', 'NVIDIA', 'ConnectX-7 NDR 400Gb/s InfiniBand 1x OSFP (MCX75310AAS-NEAT)', NULL, NULL, NULL, 'nic-nvidia-cx7-ocp',
 'InfiniBand OPN (ConnectX-7 firmware release notes). PCIe Gen 5.0 x16, single-port OSFP (ConnectX-7 manual).',
 'infiniband', 400, 1, 1, 5, 16, NULL),
('nvidia-connectx-7-2x200g', 'NVIDIA', 'ConnectX-7 2x 200Gb/s QSFP112 (MCX755106AS-HEAT)', NULL, NULL, NULL, 'nic-nvidia-cx7-ocp',
 'Dual-port QSFP112 card; the HEAT OPN runs 200GbE or NDR200 InfiniBand, hence vpi. PCIe Gen 5.0 x16 (ConnectX-7 manual). OPN-to-speed mapping not re-read in a stored sheet.',
 'vpi', 200, 2, 1, 5, 16, NULL),
('nvidia-connectx-5-vpi-edr', 'NVIDIA', 'ConnectX-5 VPI EDR/100GbE 2x QSFP28 (MCX556A-ECAT)', NULL, NULL, NULL, 'nic-nvidia-cx5-ib',
 'InfiniBand up to EDR (100 Gb/s) or Ethernet up to 100GbE (kernel release notes). PCIe Gen 3.0 x16 (ConnectX-5 manual; the Ex variant MCX556A-EDAT is Gen 4.0).',
 'vpi', 100, 2, 1, 3, 16, NULL),
('broadcom-p2100g', 'Broadcom', 'P2100G 2x 100GbE (BCM57508)', NULL, NULL, NULL, 'nic-broadcom-p2100g',
 'RoCEv2. Figures from the Broadcom product page (not re-read in a stored copy).',
 'ethernet', 100, 2, 1, 4, 16, NULL),
('nvidia-bluefield-3-b3220', 'NVIDIA', 'BlueField-3 DPU B3220 2x 200Gb/s QSFP112', NULL, NULL, NULL, 'nic-nvidia-bf3',
 'DPU with Arm cores; QSFP112 ports as on ConnectX-7; 200GbE or NDR200 InfiniBand. PCIe Gen 5.0 x16 per NVIDIA BlueField-3 sheet (not re-read).',
 'vpi', 200, 2, 1, 5, 16, NULL);
