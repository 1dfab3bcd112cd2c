#!/usr/bin/env python3
"""Writes the machine trees dlrig scan's tests read (tests/data/scan/*/).

Each tree holds only the files `dlrig scan --root DIR` reads, laid out as the
kernel lays them out (see include/dlrig/scan.h):

  proc/cpuinfo, proc/meminfo
  sys/class/dmi/id/{board_vendor,board_name,sys_vendor,product_name}
  sys/firmware/dmi/tables/DMI        binary: the SMBIOS structure table
  sys/bus/pci/devices/ADDR/...       vendor, device, class, subsystem_*,
                                     revision, *_link_speed, *_link_width, vpd
  sys/block/DEV/{size,queue/rotational,device/model}
  nvidia-smi.csv                     what `nvidia-smi --query-gpu=pci.bus_id,
                                     name,memory.total,power.limit,
                                     power.max_limit --format=csv,noheader,
                                     nounits` printed
  usr/share/misc/pci.ids             (one tree) lines of pci.ids

The DMI table follows the SMBIOS Reference Specification 3.x (DMTF DSP0134):
every structure is a formatted area (type, length, handle, then its fields)
followed by its strings, each ended by a NUL, the set ended by one more NUL.
Type 16 is the Physical Memory Array, type 17 a Memory Device (one per slot;
size 0 for an empty slot), type 127 the end of the table.  Type 17 fields
used, by offset: 0x08 total width, 0x0A data width (ECC when total > data),
0x0C size in MB (7FFFh: see the extended size), 0x0E form factor (0x09 DIMM), 0x10 device locator string,
0x11 bank locator string, 0x12 memory type (0x1A DDR4, 0x22 DDR5), 0x13 type
detail (bit 7 synchronous, 13 registered, 14 unbuffered), 0x15 speed in MT/s,
0x17 manufacturer, 0x18 serial number, 0x19 asset tag, 0x1A part number
(strings), 0x1B attributes (rank), 0x1C extended size, 0x20 configured
speed, 0x22-0x27 voltages in mV, 0x28 memory technology (3: DRAM); the
record is 0x5C (92) bytes long, as SMBIOS 3.3 firmware writes it.

The network card's VPD follows the PCI Local Bus Specification 3.0, 6.4: a
large resource 0x82 (identifier string), 0x90 (read-only fields: a two-letter
keyword, a length byte, the value; "RV" holds the checksum), then the small
end tag 0x78.

Values are those of real machines (README.md says where each comes from).
Run from the repository root: python3 tests/data/scan/make-fixtures.py
It rewrites every tree; the output is committed, so the tests need no Python.
"""
import os
import shutil
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def write(root, rel, data):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(path, mode) as f:
        f.write(data)


# ---------------------------------------------------------------- cpuinfo

def cpuinfo(vendor, family, model, name, stepping, packages, cores, threads):
    """One block per logical CPU: threads a package, cores a package."""
    blocks = []
    n = 0
    for pkg in range(packages):
        for thread in range(threads):
            core = thread % cores
            blocks.append(
                f"processor\t: {n}\nvendor_id\t: {vendor}\ncpu family\t: {family}\nmodel\t\t: {model}\n"
                f"model name\t: {name}\nstepping\t: {stepping}\nphysical id\t: {pkg}\n"
                f"siblings\t: {threads}\ncore id\t\t: {core}\ncpu cores\t: {cores}\n")
            n += 1
    return "\n".join(blocks) + "\n"


def meminfo(total_kb):
    return (f"MemTotal:       {total_kb} kB\nMemFree:        {total_kb * 9 // 10} kB\n"
            f"MemAvailable:   {total_kb * 9 // 10} kB\n")


# ---------------------------------------------------------------- SMBIOS

def structure(stype, handle, fields, strings):
    """One SMBIOS structure: header + fields, then its string set."""
    body = struct.pack("<BBH", stype, 4 + len(fields), handle) + fields
    if strings:
        tail = b"".join(s.encode("ascii") + b"\0" for s in strings) + b"\0"
    else:
        tail = b"\0\0"
    return body + tail


def type16(handle, slots, max_kb):
    # location 3 (system board), use 3 (system memory), error correction
    # 6 (multi-bit ECC) or 3 (none), maximum capacity (KB, 0x80000000: see
    # the extended field), error handle, number of devices, extended capacity
    fields = struct.pack("<BBBIHHQ", 3, 3, 3, 0x80000000, 0xFFFE, slots, max_kb * 1024)
    return structure(16, handle, fields, [])


def type17(handle, array, locator, bank, module):
    """A Memory Device.  module: None for an empty slot, else a dict with
    size_mb, type, detail, speed, maker, serial, part, ecc, rank, volts."""
    strings = [locator, bank]
    if module is None:
        size, width, data, ftype, detail, speed = 0, 0xFFFF, 0xFFFF, 0x02, 0x0004, 0
        maker = serial = asset = part = 0
        rank, conf, mv = 0, 0, 0
    else:
        size = module["size_mb"]
        data = 64
        width = 80 if module["ecc"] else 64
        ftype, detail, speed = module["type"], module["detail"], module["speed"]
        strings += [module["maker"], module["serial"], "Not Specified", module["part"]]
        maker, serial, asset, part = 3, 4, 5, 6
        rank, conf, mv = module["rank"], module["speed"], module["mv"]
    # a size of 32 GB - 1 MB or more is 7FFFh, the megabytes in the extended size
    ext = 0
    if size >= 0x7FFF:
        size, ext = 0x7FFF, size
    fields = struct.pack(
        "<HHHHHBBBBBHHBBBBBIHHHHB",
        array, 0xFFFE, width, data, size, 0x09, 0, 1, 2, ftype, detail, speed,
        maker, serial, asset, part, rank, ext, conf, mv, mv, mv, 3)
    # SMBIOS 3.2-3.3 fields after memory technology: operating mode
    # capability (volatile memory), firmware version string, module and
    # controller ids, sizes, extended speeds: 0x5C bytes in all
    fields += struct.pack("<HB", 0x0008, 0) + bytes(0x5C - 4 - len(fields) - 3)
    assert len(fields) == 0x5C - 4, len(fields)
    return structure(17, handle, fields, strings)


def dmi_table(slots):
    """slots: (locator, bank, module or None) per slot."""
    out = type16(0x1000, len(slots), 2 * 1024 * 1024 * 1024)
    for i, (loc, bank, mod) in enumerate(slots):
        out += type17(0x1100 + i, 0x1000, loc, bank, mod)
    out += structure(127, 0xFEFF, b"", [])
    return out


CORSAIR_32 = dict(size_mb=32768, type=0x22, detail=0x4080, speed=6000, maker="Corsair", serial="00000000",
                  part="CMK64GX5M2B6000C30", ecc=False, rank=2, mv=1350)


def samsung_rdimm(serial):
    # dmidecode of a 24-slot DDR5 server: "Samsung ... Part Number:
    # M321R4GA3PB0-CWMXJ", 32 GB, DDR5-5600 RDIMM, rank 2, 1.1 V, 80-bit total width
    return dict(size_mb=32768, type=0x22, detail=0x2080, speed=5600, maker="Samsung", serial=serial,
                part="M321R4GA3PB0-CWMXJ            ", ecc=True, rank=2, mv=1100)


# ---------------------------------------------------------------- PCI

def pci(root, addr, vendor, device, cls, sub_vendor, sub_device, rev, link=None, vpd=None):
    d = f"sys/bus/pci/devices/{addr}/"
    write(root, d + "vendor", f"0x{vendor:04x}\n")
    write(root, d + "device", f"0x{device:04x}\n")
    write(root, d + "class", f"0x{cls:06x}\n")
    write(root, d + "subsystem_vendor", f"0x{sub_vendor:04x}\n")
    write(root, d + "subsystem_device", f"0x{sub_device:04x}\n")
    write(root, d + "revision", f"0x{rev:02x}\n")
    if link:
        cur_gts, cur_w, max_gts, max_w = link
        write(root, d + "current_link_speed", f"{cur_gts:.1f} GT/s PCIe\n")
        write(root, d + "current_link_width", f"{cur_w}\n")
        write(root, d + "max_link_speed", f"{max_gts:.1f} GT/s PCIe\n")
        write(root, d + "max_link_width", f"{max_w}\n")
    if vpd:
        write(root, d + "vpd", vpd)


def vpd(ident, fields):
    """A VPD image: identifier string, read-only fields with "RV" last."""
    out = struct.pack("<BH", 0x82, len(ident)) + ident.encode("ascii")
    ro = b""
    for key, value in fields:
        ro += key.encode("ascii") + struct.pack("<B", len(value)) + value.encode("ascii")
    # RV: checksum byte (all bytes from the start through it sum to 0) and one reserved byte
    partial = out + struct.pack("<BH", 0x90, len(ro) + 5) + ro + b"RV\x02"
    checksum = (-sum(partial)) & 0xFF
    ro += b"RV\x02" + bytes([checksum, 0])
    out += struct.pack("<BH", 0x90, len(ro)) + ro
    return out + b"\x78"


def block(root, dev, sectors, rotational, model):
    write(root, f"sys/block/{dev}/size", f"{sectors}\n")
    write(root, f"sys/block/{dev}/queue/rotational", f"{rotational}\n")
    if model is not None:
        write(root, f"sys/block/{dev}/device/model", f"{model}\n")


def dmi_id(root, board_vendor, board_name, sys_vendor, product):
    write(root, "sys/class/dmi/id/board_vendor", board_vendor + "\n")
    write(root, "sys/class/dmi/id/board_name", board_name + "\n")
    write(root, "sys/class/dmi/id/sys_vendor", sys_vendor + "\n")
    write(root, "sys/class/dmi/id/product_name", product + "\n")


def fresh(name):
    root = os.path.join(HERE, name)
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)
    return root


RAPHAEL = ("AuthenticAMD", 25, 97, 2)
GEN4_X16 = (16.0, 16, 16.0, 16)
GEN5_X16 = (32.0, 16, 32.0, 16)


def desktop_rtx4090():
    r = fresh("desktop-rtx4090")
    write(r, "proc/cpuinfo", cpuinfo("GenuineIntel", 6, 183, "Intel(R) Core(TM) i9-14900K", 1, 1, 24, 32))
    write(r, "proc/meminfo", meminfo(65565960))
    write(r, "sys/firmware/dmi/tables/DMI", dmi_table([
        ("DIMM_A1", "BANK 0", None), ("DIMM_A2", "BANK 1", CORSAIR_32),
        ("DIMM_B1", "BANK 2", None), ("DIMM_B2", "BANK 3", CORSAIR_32)]))
    dmi_id(r, "ASUSTeK COMPUTER INC.", "ProArt Z790-CREATOR WIFI", "ASUS", "System Product Name")
    pci(r, "0000:01:00.0", 0x10DE, 0x2684, 0x030000, 0x10DE, 0x162C, 0xA1, GEN4_X16)
    pci(r, "0000:01:00.1", 0x10DE, 0x22BA, 0x040300, 0x10DE, 0x162C, 0xA1, GEN4_X16)
    block(r, "nvme0n1", 3907029168, 0, "Samsung SSD 990 PRO 2TB")
    block(r, "loop0", 131072, 0, None)


def trpro_two_gpus():
    r = fresh("trpro-two-gpus")
    write(r, "proc/cpuinfo", cpuinfo("AuthenticAMD", 25, 24, "AMD Ryzen Threadripper PRO 7975WX 32-Cores", 1, 1, 32, 64))
    write(r, "proc/meminfo", meminfo(263958432))
    write(r, "sys/firmware/dmi/tables/DMI", dmi_table([
        (f"DIMM_{c}1", f"BANK {i}", samsung_rdimm(f"80CE0325301{i}A81CEC")) for i, c in enumerate("ABCDEFGH")]))
    dmi_id(r, "ASUSTeK COMPUTER INC.", "Pro WS WRX90E-SAGE SE", "ASUS", "System Product Name")
    for addr in ("0000:41:00", "0000:c1:00"):
        pci(r, addr + ".0", 0x10DE, 0x26B1, 0x030000, 0x10DE, 0x16A1, 0xA1, GEN4_X16)
        pci(r, addr + ".1", 0x10DE, 0x22BA, 0x040300, 0x10DE, 0x16A1, 0xA1, GEN4_X16)
    write(r, "nvidia-smi.csv",
          "00000000:41:00.0, NVIDIA RTX 6000 Ada Generation, 49140, 250.00, 300.00\n"
          "00000000:C1:00.0, NVIDIA RTX 6000 Ada Generation, 49140, 250.00, 300.00\n")
    block(r, "nvme0n1", 7814037168, 0, "WD_BLACK SN850X 4000GB")


def server_four_h100():
    r = fresh("server-four-h100")
    write(r, "proc/cpuinfo", cpuinfo("AuthenticAMD", 25, 17, "AMD EPYC 9354 32-Core Processor", 1, 2, 32, 64))
    write(r, "proc/meminfo", meminfo(792510228))
    slots = []
    for cpu in (1, 2):
        for c in "ABCDEFGHIJKL":
            slots.append((f"P{cpu}-DIMM{c}1", f"P{cpu}_Node0_Channel{c}_Dimm0",
                          samsung_rdimm(f"80CE0325301{cpu}{c}1CEC")))
    write(r, "sys/firmware/dmi/tables/DMI", dmi_table(slots))
    dmi_id(r, "Supermicro", "H13DSG-O-CPU", "Supermicro", "AS -4125GS-TNRT")
    for addr in ("0000:01:00.0", "0000:21:00.0", "0000:81:00.0"):
        pci(r, addr, 0x10DE, 0x2331, 0x030200, 0x10DE, 0x1626, 0xA1, GEN5_X16)
    pci(r, "0000:c1:00.0", 0x10DE, 0x2331, 0x030200, 0x10DE, 0x1626, 0xA1, (32.0, 8, 32.0, 16))
    pci(r, "0000:41:00.0", 0x15B3, 0x1021, 0x020700, 0x15B3, 0x1021, 0x00, GEN5_X16, vpd(
        "NVIDIA ConnectX-7 HHHL Adapter card, 400GbE / NDR IB (default mode), Single-port OSFP, PCIe 5.0 x16, "
        "Crypto Disabled, Secure Boot Enabled",
        [("PN", "MCX75310AAS-NEAT         "), ("EC", "AA"), ("V2", "MCX75310AAS-NEAT         "),
         ("SN", "MT2347J0100T   "), ("V0", "PCIeGen5 x16 ")]))
    write(r, "nvidia-smi.csv", "".join(
        f"00000000:{bus}:00.0, NVIDIA H100 PCIe, 81559, 350.00, 350.00\n" for bus in ("01", "21", "81", "C1")))
    block(r, "nvme0n1", 15002931888, 0, "SAMSUNG MZQL27T6HBLA-00A07")


def desktop_no_gpu():
    r = fresh("desktop-no-gpu")
    write(r, "proc/cpuinfo", cpuinfo(RAPHAEL[0], RAPHAEL[1], RAPHAEL[2], "AMD Ryzen 9 7950X 16-Core Processor",
                                     RAPHAEL[3], 1, 16, 32))
    write(r, "proc/meminfo", meminfo(65543948))
    # no sys/firmware/dmi/tables/DMI: a user without root reads none
    dmi_id(r, "ASUSTeK COMPUTER INC.", "PRIME X670-P", "ASUS", "System Product Name")
    pci(r, "0000:0e:00.0", 0x10EC, 0x8125, 0x020000, 0x10EC, 0x8125, 0x05, (5.0, 1, 5.0, 1))
    block(r, "nvme0n1", 3907029168, 0, "Samsung SSD 990 PRO 2TB")


def desktop_rx7900xtx():
    r = fresh("desktop-rx7900xtx")
    write(r, "proc/cpuinfo", cpuinfo(RAPHAEL[0], RAPHAEL[1], RAPHAEL[2], "AMD Ryzen 9 7950X 16-Core Processor",
                                     RAPHAEL[3], 1, 16, 32))
    write(r, "proc/meminfo", meminfo(65543948))
    write(r, "sys/firmware/dmi/tables/DMI", dmi_table([
        ("DIMM_A1", "BANK 0", None), ("DIMM_A2", "BANK 1", CORSAIR_32),
        ("DIMM_B1", "BANK 2", None), ("DIMM_B2", "BANK 3", CORSAIR_32)]))
    dmi_id(r, "ASUSTeK COMPUTER INC.", "ProArt X670E-CREATOR WIFI", "ASUS", "System Product Name")
    pci(r, "0000:03:00.0", 0x1002, 0x744C, 0x030000, 0x1043, 0x0506, 0xC8, GEN4_X16)
    block(r, "sda", 7814037168, 0, "CT4000MX500SSD1")


def desktop_unknown_gpu():
    r = fresh("desktop-unknown-gpu")
    write(r, "proc/cpuinfo", cpuinfo(RAPHAEL[0], RAPHAEL[1], RAPHAEL[2], "AMD Ryzen 7 7700X 8-Core Processor",
                                     RAPHAEL[3], 1, 8, 16))
    write(r, "proc/meminfo", meminfo(65543948))
    write(r, "sys/firmware/dmi/tables/DMI", dmi_table([
        ("DIMM_A1", "BANK 0", None), ("DIMM_A2", "BANK 1", CORSAIR_32),
        ("DIMM_B1", "BANK 2", None), ("DIMM_B2", "BANK 3", CORSAIR_32)]))
    dmi_id(r, "Gigabyte Technology Co., Ltd.", "B650M DS3H", "Gigabyte Technology Co., Ltd.", "B650M DS3H")
    pci(r, "0000:01:00.0", 0x10DE, 0x2484, 0x030000, 0x10DE, 0x146B, 0xA1, GEN4_X16)
    write(r, "usr/share/misc/pci.ids",
          "#\n#\tList of PCI IDs (lines of pci.ids version 2026.08.22)\n#\n"
          "10de  NVIDIA Corporation\n"
          "\t2484  GA104 [GeForce RTX 3070]\n"
          "\t\t10de 146b  GA104 [GeForce RTX 3070]\n"
          "\t\t10de 14ae  GA104 [GeForce RTX 3070 16GB]\n"
          "10ec  Realtek Semiconductor Co., Ltd.\n"
          "\t8125  RTL8125 2.5GbE Controller\n")
    block(r, "nvme0n1", 1953525168, 0, "Samsung SSD 990 PRO 1TB")


if __name__ == "__main__":
    desktop_rtx4090()
    trpro_two_gpus()
    server_four_h100()
    desktop_no_gpu()
    desktop_rx7900xtx()
    desktop_unknown_gpu()
