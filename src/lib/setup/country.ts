/**
 * A country as the register stores it (issue 30 #12): one form, the ISO 3166-1 alpha-2 code
 * ("CZ", "ES"), whatever was typed or imported: an alpha-3 code ("CZE", "ESP"), or an IOC code
 * that sport results use where it differs from ISO ("GER", "NED", "SUI"), is mapped to it, so
 * that one country is one code everywhere (the advancement quota counts it once:
 * src/lib/results/advancement.ts). Alpha-2 because the browser names countries by it
 * (Intl.DisplayNames). The table is ISO 3166-1 (Debian's iso-codes, 249 countries).
 */

/** ISO 3166-1: each alpha-3 code followed by its alpha-2 code. */
const ISO_3166_1 =
	'ABWAW AFGAF AGOAO AIAAI ALAAX ALBAL ANDAD AREAE ARGAR ARMAM ASMAS ATAAQ ATFTF ATGAG AUSAU AUTAT ' +
	'AZEAZ BDIBI BELBE BENBJ BESBQ BFABF BGDBD BGRBG BHRBH BHSBS BIHBA BLMBL BLRBY BLZBZ BMUBM BOLBO ' +
	'BRABR BRBBB BRNBN BTNBT BVTBV BWABW CAFCF CANCA CCKCC CHECH CHLCL CHNCN CIVCI CMRCM CODCD COGCG ' +
	'COKCK COLCO COMKM CPVCV CRICR CUBCU CUWCW CXRCX CYMKY CYPCY CZECZ DEUDE DJIDJ DMADM DNKDK DOMDO ' +
	'DZADZ ECUEC EGYEG ERIER ESHEH ESPES ESTEE ETHET FINFI FJIFJ FLKFK FRAFR FROFO FSMFM GABGA GBRGB ' +
	'GEOGE GGYGG GHAGH GIBGI GINGN GLPGP GMBGM GNBGW GNQGQ GRCGR GRDGD GRLGL GTMGT GUFGF GUMGU GUYGY ' +
	'HKGHK HMDHM HNDHN HRVHR HTIHT HUNHU IDNID IMNIM INDIN IOTIO IRLIE IRNIR IRQIQ ISLIS ISRIL ITAIT ' +
	'JAMJM JEYJE JORJO JPNJP KAZKZ KENKE KGZKG KHMKH KIRKI KNAKN KORKR KWTKW LAOLA LBNLB LBRLR LBYLY ' +
	'LCALC LIELI LKALK LSOLS LTULT LUXLU LVALV MACMO MAFMF MARMA MCOMC MDAMD MDGMG MDVMV MEXMX MHLMH ' +
	'MKDMK MLIML MLTMT MMRMM MNEME MNGMN MNPMP MOZMZ MRTMR MSRMS MTQMQ MUSMU MWIMW MYSMY MYTYT NAMNA ' +
	'NCLNC NERNE NFKNF NGANG NICNI NIUNU NLDNL NORNO NPLNP NRUNR NZLNZ OMNOM PAKPK PANPA PCNPN PERPE ' +
	'PHLPH PLWPW PNGPG POLPL PRIPR PRKKP PRTPT PRYPY PSEPS PYFPF QATQA REURE ROURO RUSRU RWARW SAUSA ' +
	'SDNSD SENSN SGPSG SGSGS SHNSH SJMSJ SLBSB SLESL SLVSV SMRSM SOMSO SPMPM SRBRS SSDSS STPST SURSR ' +
	'SVKSK SVNSI SWESE SWZSZ SXMSX SYCSC SYRSY TCATC TCDTD TGOTG THATH TJKTJ TKLTK TKMTM TLSTL TONTO ' +
	'TTOTT TUNTN TURTR TUVTV TWNTW TZATZ UGAUG UKRUA UMIUM URYUY USAUS UZBUZ VATVA VCTVC VENVE VGBVG ' +
	'VIRVI VNMVN VUTVU WLFWF WSMWS YEMYE ZAFZA ZMBZM ZWEZW';

/** IOC codes used on sport results that are no ISO alpha-3 code, with the ISO alpha-2 code. */
const IOC: Record<string, string> = {
	GER: 'DE', NED: 'NL', SUI: 'CH', POR: 'PT', DEN: 'DK', CRO: 'HR', SLO: 'SI', GRE: 'GR', BUL: 'BG', LAT: 'LV', RSA: 'ZA', CHI: 'CL',
	URU: 'UY', PAR: 'PY', CRC: 'CR', GUA: 'GT', HON: 'HN', ESA: 'SV', PUR: 'PR', MAS: 'MY', INA: 'ID', PHI: 'PH', VIE: 'VN', IRI: 'IR',
	KSA: 'SA', UAE: 'AE', ALG: 'DZ', NGR: 'NG', MON: 'MC', ANG: 'AO', ENG: 'GB'
};

const ALPHA2_OF = new Map<string, string>([...ISO_3166_1.split(' ').map((p) => [p.slice(0, 3), p.slice(3)] as const), ...Object.entries(IOC)]);
const ALPHA2 = new Set([...ALPHA2_OF.values(), 'XK']);

/**
 * The register's form of a country code: upper case, an alpha-3 or IOC code as its alpha-2
 * code; a code it does not know is only upper-cased (a stored one is kept as it is; the
 * register's input refuses it: isCountryCode).
 */
export function canonicalCountry(code: string): string {
	const c = code.trim().toUpperCase();
	return ALPHA2_OF.get(c) ?? c;
}

/** Whether `code` is a country's code in the register's form: ISO 3166-1 alpha-2 (and XK, Kosovo, as the browsers name it). */
export function isCountryCode(code: string): boolean {
	return ALPHA2.has(code);
}

const names = new Map<string, Intl.DisplayNames | null>();

/** The country's name in `locale` ("Česko" for CZ or CZE in Czech); the code when the browser has no name for it. */
export function countryName(code: string, locale: string): string {
	const c = canonicalCountry(code);
	if (!isCountryCode(c)) return c;
	if (!names.has(locale)) names.set(locale, typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }) : null);
	try {
		return names.get(locale)?.of(c) ?? c;
	} catch {
		return c;
	}
}
