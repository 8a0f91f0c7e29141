import { relations } from 'drizzle-orm';
import { users, sessions } from './auth';
import { settings, components, products, productComponents } from './catalogue';
import { storedFiles } from './files';
import { addresses, orders, orderBuildingInfo, orderAdditionalItems } from './orders';
import { invoices, invoiceOrders, invoiceLineItems } from './invoices';
import { billsOfLading } from './bols';
import { history } from './history';
import { customers, customerAddresses } from './customers';

// Relations for drizzle's relational queries (db.query.orders.findFirst({ with: ... })).
// Where a table points at another several times (orders -> addresses, building
// info -> settings) only the owning side is declared, with explicit fields.

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const componentsRelations = relations(components, ({ many }) => ({
  productComponents: many(productComponents),
}));

export const productsRelations = relations(products, ({ many }) => ({
  components: many(productComponents),
}));

export const productComponentsRelations = relations(productComponents, ({ one }) => ({
  product: one(products, { fields: [productComponents.productId], references: [products.id] }),
  component: one(components, { fields: [productComponents.componentId], references: [components.id] }),
}));

export const customersRelations = relations(customers, ({ many }) => ({
  addresses: many(customerAddresses),
  orders: many(orders),
}));

export const customerAddressesRelations = relations(customerAddresses, ({ one }) => ({
  customer: one(customers, { fields: [customerAddresses.customerId], references: [customers.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  customer: one(customers, { fields: [orders.customerId], references: [customers.id] }),
  shipVia: one(settings, { fields: [orders.shipViaId], references: [settings.id] }),
  billingAddress: one(addresses, {
    fields: [orders.billingAddressId],
    references: [addresses.id],
    relationName: 'order_billing_address',
  }),
  shippingAddress: one(addresses, {
    fields: [orders.shippingAddressId],
    references: [addresses.id],
    relationName: 'order_shipping_address',
  }),
  blueprintFile: one(storedFiles, {
    fields: [orders.blueprintFileId],
    references: [storedFiles.id],
    relationName: 'order_blueprint_file',
  }),
  doorPlacementFile: one(storedFiles, {
    fields: [orders.doorPlacementFileId],
    references: [storedFiles.id],
    relationName: 'order_door_placement_file',
  }),
  buildingInfo: one(orderBuildingInfo),
  additionalItems: many(orderAdditionalItems),
  invoiceOrder: one(invoiceOrders),
  billOfLading: one(billsOfLading),
  history: many(history),
}));

export const orderBuildingInfoRelations = relations(orderBuildingInfo, ({ one }) => ({
  order: one(orders, { fields: [orderBuildingInfo.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderBuildingInfo.productId], references: [products.id] }),
  size: one(settings, {
    fields: [orderBuildingInfo.sizeId],
    references: [settings.id],
    relationName: 'bi_size',
  }),
  thickness: one(settings, {
    fields: [orderBuildingInfo.thicknessId],
    references: [settings.id],
    relationName: 'bi_thickness',
  }),
  doorType: one(settings, {
    fields: [orderBuildingInfo.doorTypeId],
    references: [settings.id],
    relationName: 'bi_door_type',
  }),
  doorCladding: one(settings, {
    fields: [orderBuildingInfo.doorCladdingId],
    references: [settings.id],
    relationName: 'bi_door_cladding',
  }),
  hingeSide: one(settings, {
    fields: [orderBuildingInfo.hingeSideId],
    references: [settings.id],
    relationName: 'bi_hinge_side',
  }),
  roofColor: one(settings, {
    fields: [orderBuildingInfo.roofColorId],
    references: [settings.id],
    relationName: 'bi_roof_color',
  }),
  sidingColor: one(settings, {
    fields: [orderBuildingInfo.sidingColorId],
    references: [settings.id],
    relationName: 'bi_siding_color',
  }),
}));

export const orderAdditionalItemsRelations = relations(orderAdditionalItems, ({ one }) => ({
  order: one(orders, { fields: [orderAdditionalItems.orderId], references: [orders.id] }),
  item: one(settings, { fields: [orderAdditionalItems.itemId], references: [settings.id] }),
}));

export const invoicesRelations = relations(invoices, ({ many }) => ({
  invoiceOrders: many(invoiceOrders),
  lineItems: many(invoiceLineItems),
}));

export const invoiceOrdersRelations = relations(invoiceOrders, ({ one }) => ({
  invoice: one(invoices, { fields: [invoiceOrders.invoiceId], references: [invoices.id] }),
  order: one(orders, { fields: [invoiceOrders.orderId], references: [orders.id] }),
}));

export const invoiceLineItemsRelations = relations(invoiceLineItems, ({ one }) => ({
  invoice: one(invoices, { fields: [invoiceLineItems.invoiceId], references: [invoices.id] }),
}));

export const billsOfLadingRelations = relations(billsOfLading, ({ one }) => ({
  order: one(orders, { fields: [billsOfLading.orderId], references: [orders.id] }),
}));

export const historyRelations = relations(history, ({ one }) => ({
  order: one(orders, { fields: [history.orderId], references: [orders.id] }),
  invoice: one(invoices, { fields: [history.invoiceId], references: [invoices.id] }),
  user: one(users, { fields: [history.userId], references: [users.id] }),
}));
