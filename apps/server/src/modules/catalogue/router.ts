import { componentSchema, productSchema, settingSchema } from '@icehouse/domain';
import { protectedProcedure, router, superuserProcedure } from '../../trpc/init';
import {
  idInput,
  settingListInput,
  updateComponentInput,
  updateProductInput,
  updateSettingInput,
} from './schemas';
import {
  createComponent,
  createProduct,
  createSetting,
  deleteComponent,
  deleteProduct,
  deleteSetting,
  listComponents,
  listProducts,
  listSettings,
  settingCategories,
  shipViaOptions,
  updateComponent,
  updateProduct,
  updateSetting,
} from './service';

/** The catalogue for the web app: reads for anyone signed in, writes for superusers. */
export const catalogueRouter = router({
  settings: router({
    list: protectedProcedure
      .input(settingListInput)
      .query(({ ctx, input }) => listSettings(ctx.deps, input ?? {})),
    categories: protectedProcedure.query(() => settingCategories()),
    shipViaOptions: protectedProcedure.query(({ ctx }) => shipViaOptions(ctx.deps)),
    create: superuserProcedure
      .input(settingSchema)
      .mutation(({ ctx, input }) => createSetting(ctx.deps, input)),
    update: superuserProcedure
      .input(updateSettingInput)
      .mutation(({ ctx, input }) => updateSetting(ctx.deps, input.id, input.data)),
    delete: superuserProcedure.input(idInput).mutation(({ ctx, input }) => deleteSetting(ctx.deps, input.id)),
  }),
  components: router({
    list: protectedProcedure.query(({ ctx }) => listComponents(ctx.deps)),
    create: superuserProcedure
      .input(componentSchema)
      .mutation(({ ctx, input }) => createComponent(ctx.deps, input)),
    update: superuserProcedure
      .input(updateComponentInput)
      .mutation(({ ctx, input }) => updateComponent(ctx.deps, input.id, input.data)),
    delete: superuserProcedure
      .input(idInput)
      .mutation(({ ctx, input }) => deleteComponent(ctx.deps, input.id)),
  }),
  products: router({
    list: protectedProcedure.query(({ ctx }) => listProducts(ctx.deps)),
    create: superuserProcedure
      .input(productSchema)
      .mutation(({ ctx, input }) => createProduct(ctx.deps, input)),
    update: superuserProcedure
      .input(updateProductInput)
      .mutation(({ ctx, input }) => updateProduct(ctx.deps, input.id, input.data)),
    delete: superuserProcedure.input(idInput).mutation(({ ctx, input }) => deleteProduct(ctx.deps, input.id)),
  }),
});
