/** Quantities are rounded by the order model's `q` (contracts), for stock, sales and the ERP alike. */
export { q } from '@app/contracts'
